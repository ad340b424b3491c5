export { DocumentStore } from './documentStore';
export type { SectionSnapshot } from './sectionStatus';
export { TOAST_KEYS } from './types';
export { browserStorage } from './keptEdits';
export { editFamily } from './saveState';
export type { SaveState } from './saveState';
export type {
  DocumentStoreOptions,
  Edit,
  EditPreview,
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
