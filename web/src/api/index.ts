export { API_BASE, ApiError, parseErrorBody, request, requestResponse } from './http';
export type { ApiResponse, Method, RequestOptions } from './http';
export {
  declineInvitation,
  getInvitation,
  getSession,
  login,
  logout,
  register,
  requestPasswordReset,
  resetPassword,
} from './auth';
export {
  createClient,
  deleteClient,
  inviteUser,
  listClientMaps,
  listClients,
  requestAccess,
  updateClient,
} from './clients';
export { getUser, patchUser } from './users';
export {
  cloneMap,
  cloneNode,
  createEdge,
  createMap,
  createNode,
  createTemplate,
  deleteEdge,
  deleteMap,
  deleteNode,
  deleteTemplate,
  getChanges,
  getNode,
  getMap,
  getPermissions,
  listTemplates,
  patchEdgeDesign,
  patchElements,
  patchGlobalDesign,
  patchMapSettings,
  patchNodeDesign,
  REVISION_HEADER,
  setPermissions,
  updateTemplate,
} from './maps';
export type { Revised } from './maps';
export {
  ARROW_ENDS,
  BORDER_STYLES,
  DISABLED_SHAPES,
  EDGE_DESIGN_FIELDS,
  EDGE_TEXT_POSITIONS,
  ENABLED_SHAPES,
  EXPANSIONS,
  FONT_STYLES,
  GLOBAL_DESIGN_SECTIONS,
  MEDIA_REPEATS,
  MEDIA_SIZES,
  NO_TEMPLATE,
  NODE_DESIGN_FIELDS,
  NODE_TEXT_POSITIONS,
  POPUP_TYPES,
  SHAPES,
  SYNC_TYPES,
  TEXT_ALIGNS,
  TEXT_DECORATIONS,
} from './document';
export type * from './document';
export {
  CLIENT_EVENTS,
  DEFAULT_BACKOFF,
  LIVE_CLOSE_CODES,
  LiveConnection,
  liveUrl,
  LOCK_ELEM_TYPES,
  MAX_CLIENT_FRAME_BYTES,
  parseServerFrame,
  POINTER_INTERVAL_MS,
  SERVER_EVENTS,
  VISITOR_COLORS,
} from './live';
export type * from './live';
export { queryClient, queryKeys } from './queries';
export type * from './types';
