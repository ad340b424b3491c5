export type Language = 'en' | 'de' | 'fr';

export interface Preferences {
  removalConfirmation: boolean;
}

export interface User {
  id: number;
  email: string;
  name: string;
  avatar_url: string | null;
  /** Client path to role paths, e.g. {"/api/v1/clients/acme": ["/api/v1/roles/editor"]}. */
  client_roles: Record<string, string[]>;
  is_superuser: boolean;
  language: Language | null;
  preferences: Preferences;
}

export interface UserPatch {
  name?: string;
  email?: string;
  avatar_url?: string | null;
  language?: Language | null;
  preferences?: Partial<Preferences>;
}

export interface LoginRequest {
  email: string;
  password: string;
  remember_me: boolean;
}

/** GET /auth/invitations/{token}: what an invitation offers, shown before accepting or declining. */
export interface InvitationInfo {
  email: string;
  client_name: string;
  client_title: string;
  role: ClientRole;
  /** An account with this address exists already; the password chosen applies to it. */
  has_account: boolean;
}

export interface PasswordPair {
  password: string;
  password_confirmation: string;
}

export interface RegisterRequest extends PasswordPair {
  token: string;
}

export interface DeclineRequest {
  token: string;
}

export interface PasswordResetRequest {
  email: string;
}

/** A role held in a client; superuser is a flag on the user, not a client role. */
export type ClientRole = 'admin' | 'editor' | 'student' | 'guest';

export interface Client {
  name: string;
  title: string;
  active: boolean;
  maps_count: number;
  users_count: number;
  /** The caller's role in this client; null when the caller is not a member (a superuser). */
  role: ClientRole | null;
  created_at: string;
}

export interface ClientList {
  clients: Client[];
}

export interface ClientCreate {
  name: string;
  title: string;
}

export interface ClientPatch {
  title?: string;
  active?: boolean;
}

export interface AccessRequestCreate {
  message: string;
}

export interface MapSummary {
  id: number;
  name: string;
  description: string;
  revision: number;
  updated_at: string;
}

export interface MapList {
  maps: MapSummary[];
}

export interface InvitationCreate {
  email: string;
  role: ClientRole;
}

/** 201: an invitation was mailed; 200: an existing account was added to the client at once. */
export type InvitationResult =
  | { email: string; role: ClientRole; expires_at: string; added?: false }
  | { email: string; role: ClientRole; added: true };

/**
 * The error codes of DESIGN.md §4 and the server's `gone` (410, the change log no longer reaches
 * back), plus two the client produces itself.
 */
export type KnownErrorCode =
  | 'validation_failed'
  | 'invalid_credentials'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'element_locked'
  | 'too_large'
  | 'rate_limited'
  | 'token_expired'
  | 'gone'
  | 'network_error'
  | 'invalid_response';

// Keeps autocompletion for the known codes while accepting codes added later on the server.
export type ErrorCode = KnownErrorCode | (string & {});

export type ErrorDetails = Record<string, unknown>;
