import type { MapAccess } from './document';

export type Language = 'en' | 'de' | 'fr';

export interface Preferences {
  removalConfirmation: boolean;
}

export interface User {
  id: number;
  email: string;
  name: string;
  /** The profile's names (older answers may lack them). */
  first_name?: string;
  surname?: string;
  avatar_url: string | null;
  /** Client path to role paths, e.g. {"/api/v1/clients/acme": ["/api/v1/roles/editor"]}. */
  client_roles: Record<string, string[]>;
  is_superuser: boolean;
  language: Language | null;
  preferences: Preferences;
  /** Own settings only: the new address waiting for its confirmation link to be followed. */
  pending_email?: string | null;
}

export interface UserPatch {
  name?: string;
  first_name?: string;
  surname?: string;
  /** A new address needs current_password and changes once the link mailed to it is followed. */
  email?: string;
  current_password?: string;
  avatar_url?: string | null;
  language?: Language | null;
  preferences?: Partial<Preferences>;
}

export interface LoginRequest {
  email: string;
  password: string;
  remember_me: boolean;
  /**
   * Signing in inside an embedded public map: the session goes in the reader cookie (partitioned
   * by the embedding site, sent only to the public map calls), as a third-party frame gets no other.
   */
  embedded?: boolean;
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

/** A new reader of a partial map: an account of their own. */
export interface ReaderRequest extends PasswordPair {
  name: string;
  email: string;
  /** The page's language, for the mail with the confirmation link. */
  language?: string;
  /** Registering inside an embedded public map (see LoginRequest.embedded). */
  embedded?: boolean;
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
  /** The map the user asks to edit, when the request is about one. */
  map_id?: number;
}

export interface AccessRequest {
  id: number;
  user_id: number;
  user_name: string;
  user_email: string;
  map_id: number | null;
  message: string;
  created_at: string;
}

export interface PasswordChange extends PasswordPair {
  current_password: string;
}

/** A node as a map's preview picture draws it. */
export interface PreviewPoint {
  x: number;
  y: number;
  shape: string;
}

export interface MapPreview {
  width: number;
  height: number;
  points: PreviewPoint[];
}

/** A map as the map overview lists it. */
export interface MapSummary {
  id: number;
  name: string;
  description: string;
  revision: number;
  updated_at: string;
  updated_by: { id: number; name: string } | null;
  /** The caller's access to the map. */
  access: MapAccess;
  live: boolean;
  /** The live version against the working copy (GET /maps/{id}/publication's status). */
  live_status: 'not_published' | 'changed' | 'up_to_date';
  is_template: boolean;
  theme: string;
  section: string;
  palette: string;
  measurement: { width: number; height: number };
  visibility_levels: number;
  created_by: number | null;
  preview: MapPreview;
}

export const TEMPLATE_THEMES = ['basic', 'process', 'strategy', 'business', 'marketing', 'personal'] as const;
export type TemplateTheme = (typeof TEMPLATE_THEMES)[number];

export const PALETTES = {
  strata: ['#1f6feb', '#2da44e', '#d29922', '#cf222e', '#8250df'],
  ocean: ['#03396c', '#005b96', '#6497b1', '#b3cde0', '#011f4b'],
  forest: ['#2d6a4f', '#40916c', '#74c69d', '#b7e4c7', '#1b4332'],
  sunset: ['#ff7b00', '#ff9500', '#ffb700', '#e85d04', '#9d0208'],
  mono: ['#212529', '#495057', '#868e96', '#ced4da', '#f1f3f5'],
} as const;
export type PaletteName = keyof typeof PALETTES;

/** A map template in the chooser: built in (key set, id 0) or the client's own (id set). */
export interface MapTemplate {
  id: number;
  key: string;
  builtin: boolean;
  premium: boolean;
  name: string;
  description: string;
  theme: string;
  section: string;
  palette: string;
  width: number;
  height: number;
  visibility_levels: number;
  created_by: number | null;
  mine: boolean;
  preview: MapPreview;
}

export interface MapTemplateList {
  templates: MapTemplate[];
}

/** POST /clients/{name}/maps: a blank map or template, or one from a template. */
export interface ClientMapCreate {
  name: string;
  description?: string;
  measurement?: { width: number; height: number };
  visibility_levels?: number;
  palette?: string;
  as_template?: boolean;
  theme?: string;
  section?: string;
  template_id?: number;
  builtin_template?: string;
}

export interface ClientMapClone {
  name?: string;
  as_template?: boolean;
  theme?: string;
  section?: string;
}

export interface MapTemplatePatch {
  name?: string;
  description?: string;
  theme?: string;
  section?: string;
  palette?: string;
}

export const QUOTA_KINDS = ['active_readers', 'editing_user', 'live_map', 'map', 'template', 'user'] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];

export interface Quota {
  /** null: unlimited. */
  max: number | null;
  count: number;
}

export interface QuotaList {
  quotas: Record<QuotaKind, Quota>;
}

export type PaymentInterval = 'monthly' | 'yearly';

export interface TestingPeriod {
  ends_at: string | null;
  expired: boolean;
  payment_interval: PaymentInterval;
  buy_urls: Partial<Record<PaymentInterval, string>>;
}

export interface TestingPeriodUpdate {
  ends_at: string | null;
  payment_interval: PaymentInterval;
  buy_urls: Partial<Record<PaymentInterval, string>>;
}

export interface ClientSettings {
  title: string;
  company_name: string;
  logo_url: string;
  login_text: string;
  cname_domain: string;
  subdomain: string;
  analytics_property_id: string;
  api_server_address: string;
  support_access: boolean;
}

export type ClientSettingsPatch = Partial<Omit<ClientSettings, 'title'>>;

/** What a client's API key may do with its maps. */
export type ApiKeyScope = 'read' | 'edit';

/** A client's API key as listed: never the key itself. */
export interface ApiKey {
  id: number;
  name: string;
  scope: ApiKeyScope;
  /** The key's own user: the author of its changes in the change log. */
  user_id: number;
  created_at: string;
  last_used_at: string | null;
  created_by: { id: number; name: string } | null;
}

export interface ApiKeyCreate {
  name: string;
  scope: ApiKeyScope;
}

/** A new key: the only answer that holds the key. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

export interface Member {
  id: number;
  email: string;
  name: string;
  role: ClientRole;
  premium_templates: boolean;
  support_access_consent: boolean;
  /** Explicit per-map accesses by map id. */
  map_access: Record<string, MapAccess>;
}

export interface OpenInvitation {
  /** Names the invitation for revoking it (not its token). */
  id: string;
  email: string;
  role: ClientRole;
  expires_at: string;
}

/** Someone who registered at one of the client's partial maps: no member, but a seat of the active readers. */
export interface ClientReader {
  id: number;
  email: string;
  name: string;
  /** RFC 3339: when they registered. */
  since: string;
}

export interface MemberList {
  users: Member[];
  invitations: OpenInvitation[];
  readers: ClientReader[];
}

export interface MemberPatch {
  role?: ClientRole;
  premium_templates?: boolean;
  support_access_consent?: boolean;
  map_access?: Record<string, MapAccess>;
}

export interface MapList {
  maps: MapSummary[];
}

export interface InvitationCreate {
  email: string;
  role: ClientRole;
}

/** 201: an invitation was mailed; 200: an existing account was added to the client at once. */
/** An invitation is always mailed: an existing account accepts it while signed in. */
export interface InvitationResult {
  email: string;
  role: ClientRole;
  expires_at: string;
  has_account: boolean;
}

/** A reader's sign-up waits for the link mailed to the address. */
export interface PendingSignUp {
  email: string;
  pending: true;
}

/** What following a link that proves an address did. */
export type EmailVerification = { kind: 'reader_signup'; user: User; map_url: string } | { kind: 'email_change'; user: User };

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
  | 'quota_exceeded'
  | 'reader_required'
  | 'too_large'
  | 'rate_limited'
  | 'token_expired'
  | 'gone'
  | 'network_error'
  | 'invalid_response';

// Keeps autocompletion for the known codes while accepting codes added later on the server.
export type ErrorCode = KnownErrorCode | (string & {});

export type ErrorDetails = Record<string, unknown>;
