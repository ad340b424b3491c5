export { API_BASE, ApiError, parseErrorBody, request } from './http';
export type { Method, RequestOptions } from './http';
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
export { queryClient, queryKeys } from './queries';
export type * from './types';
