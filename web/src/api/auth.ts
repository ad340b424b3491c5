import { request } from './http';
import type {
  DeclineRequest,
  EmailVerification,
  PendingSignUp,
  InvitationInfo,
  LoginRequest,
  PasswordPair,
  PasswordResetRequest,
  ReaderRequest,
  RegisterRequest,
  User,
} from './types';

const tokenPath = (token: string) => encodeURIComponent(token);

export function login(credentials: LoginRequest, signal?: AbortSignal): Promise<User> {
  return request<User>('POST', '/auth/login', { body: credentials, signal });
}

export function logout(): Promise<void> {
  return request<undefined>('POST', '/auth/logout');
}

export function getSession(signal?: AbortSignal): Promise<User> {
  return request<User>('GET', '/auth/session', { signal });
}

/** What an invitation offers; 410 token_expired when it is used, declined or too old. */
export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationInfo> {
  return request<InvitationInfo>('GET', `/auth/invitations/${tokenPath(token)}`, { signal });
}

/** Accepts an invitation by setting a password; answers the user, signed in. */
export function register(body: RegisterRequest): Promise<User> {
  return request<User>('POST', '/auth/register', { body });
}

export function declineInvitation(body: DeclineRequest): Promise<void> {
  return request<undefined>('POST', '/auth/decline', { body });
}

/** Asks for a reset link; the server answers 202 whether or not the address exists. */
export function requestPasswordReset(body: PasswordResetRequest): Promise<void> {
  return request<undefined>('POST', '/auth/password_reset/tokens', { body });
}

/** Sets a new password with a reset token; 410 token_expired for a used or old token. */
export function resetPassword(token: string, body: PasswordPair): Promise<void> {
  return request<undefined>('POST', `/auth/password_reset/tokens/${tokenPath(token)}`, { body });
}

/**
 * Makes the signed-in user a reader of the partial map at url (no body), or starts a new reader's
 * sign-up (a body): that answers pending, and the account exists once the link mailed to the
 * address is followed. 409 quota_exceeded when the client's reader seats are taken, conflict when
 * the address has an account.
 */
export function registerReader(url: string, body?: ReaderRequest): Promise<User | PendingSignUp> {
  return request<User | PendingSignUp>('POST', `/public/maps/${encodeURIComponent(url)}/readers`, body ? { body } : {});
}

/** Follows a link mailed to prove an address (a reader's sign-up or a change of address). */
export function verifyEmail(token: string): Promise<EmailVerification> {
  return request<EmailVerification>('POST', '/auth/email_verifications', { body: { token } });
}

/** Accepts an invitation for the signed-in account (its address must be the invited one). */
export function acceptInvitation(token: string): Promise<User> {
  return request<User>('POST', '/auth/accept', { body: { token } });
}
