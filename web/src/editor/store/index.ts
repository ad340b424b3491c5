export { DocumentStore } from './documentStore';
export { TOAST_KEYS } from './types';
export type {
  DocumentStoreOptions,
  Edit,
  EditResult,
  EditType,
  LiveSource,
  NodeNavigation,
  PublishingListener,
  PublishingSync,
  PublishingType,
  StoreApi,
  StoreChange,
  StoreListener,
  StoreTimers,
  Toast,
  ToastKey,
  ToastListener,
} from './types';
