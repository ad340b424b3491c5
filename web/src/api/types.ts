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

/** The error codes of DESIGN.md §4, plus two the client produces itself. */
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
  | 'network_error'
  | 'invalid_response';

// Keeps autocompletion for the known codes while accepting codes added later on the server.
export type ErrorCode = KnownErrorCode | (string & {});

export type ErrorDetails = Record<string, unknown>;
