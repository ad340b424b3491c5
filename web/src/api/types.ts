// The account area's API types: aliases of the types generated from the server's description
// (schema.ts) and of the lists generated beside them (constants.ts), both by `make api-types`, so
// that they cannot drift from the Go side.
import { DomainQuotaKind } from './constants';
import type { components } from './schema';

type Schemas = components['schemas'];

export type Language = Schemas['DomainLanguage'];

export type Preferences = Schemas['DomainPreferences'];

/**
 * A user as every call answers it; a user's own settings (GET/PATCH /users/{id}) add the address
 * waiting for its confirmation link to be followed.
 */
export type User = Schemas['ApiUserJSON'] & Partial<Pick<Schemas['ApiUserWithPendingJSON'], 'pending_email'>>;

/** A new address needs current_password and changes once the link mailed to it is followed. */
export type UserPatch = Schemas['AccountsProfileChange'];

export type LoginRequest = Schemas['ApiLoginRequest'];

/** GET /auth/invitations/{token}: what an invitation offers, shown before accepting or declining. */
export type InvitationInfo = Schemas['ApiInvitationJSON'];

export type PasswordPair = Schemas['AccountsPasswordReset'];

export type RegisterRequest = Schemas['ApiRegisterRequest'];

/** A new reader of a partial map: an account of their own; language is the page's, for the mail. */
export type ReaderRequest = Schemas['ApiReaderRequest'];

export type DeclineRequest = Schemas['ApiTokenRequest'];

export type PasswordResetRequest = Schemas['ApiResetRequest'];

/** A role held in a client; superuser is a flag on the user, not a client role. */
export type ClientRole = Schemas['DomainRole'];

/** A client; role is the caller's, null when the caller is not a member (a superuser). */
export type Client = Schemas['ApiClientJSON'];

export type ClientList = Schemas['ApiClientsAnswer'];

export type ClientCreate = Schemas['AccountsNewClient'];

export type ClientPatch = Schemas['AccountsClientChange'];

export type AccessRequestCreate = Schemas['AccountsAccessRequest'];

export type AccessRequest = Schemas['ApiAccessRequestJSON'];

export type AccessRequestList = Schemas['ApiAccessRequestsAnswer'];

export type PasswordChange = Schemas['AccountsPasswordChange'];

/** A node as a map's preview picture draws it. */
export type PreviewPoint = Schemas['DomainPreviewPoint'];

export type MapPreview = Schemas['ApiPreview'];

/** A map as the map overview lists it. */
export type MapSummary = Schemas['ApiMapJSON'];

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
export type MapTemplate = Schemas['ApiTemplateJSON'];

export type MapTemplateList = Schemas['ApiMapTemplatesAnswer'];

/** POST /clients/{name}/maps: a blank map or template, or one from a template. */
export type ClientMapCreate = Schemas['ApiNewMapRequest'];

export type ClientMapClone = Schemas['ApiMapCloneRequest'];

export type MapTemplatePatch = Schemas['EditingTemplateInfo'];

/** The quota kinds (Go's domain.QuotaKinds), as the description lists them. */
export const QUOTA_KINDS = DomainQuotaKind;
export type QuotaKind = Schemas['DomainQuotaKind'];

/** max null: unlimited. */
export type Quota = Schemas['DomainQuota'];

/** Every quota kind's limit and use, by kind: the server always answers every kind (store.Quotas). */
export type QuotaList = Schemas['ApiQuotasAnswer'];

export type PaymentInterval = Schemas['ApiTestingPeriodJSON']['payment_interval'];

export type TestingPeriod = Schemas['ApiTestingPeriodJSON'];

export type TestingPeriodUpdate = Schemas['AccountsTestingPeriodChange'];

/** A font family the client's maps may use, with its faces (GET /clients/{name}/features?expand=fonts). */
export type ClientFont = Schemas['ApiFontFamily'];

export type ClientFeaturesAnswer = Schemas['ApiFeaturesAnswer'];

/** What a client's maps may use, as ?expand=fonts answers it: every font a family with its faces. */
export type ClientFeatures = Omit<Schemas['ApiFeatures'], 'fonts'> & { fonts: ClientFont[] };

export type ClientSettings = Schemas['ApiClientSettingsJSON'];

export type ClientSettingsPatch = Schemas['AccountsClientSettingsChange'];

/** What a client's API key may do with its maps. */
export type ApiKeyScope = Schemas['ApiApiKeyRequest']['scope'];

/** A client's API key as listed: never the key itself. */
export type ApiKey = Schemas['ApiApiKeyJSON'];

export type ApiKeyList = Schemas['ApiApiKeysAnswer'];

export type ApiKeyCreate = Schemas['ApiApiKeyRequest'];

/** A new key: the only answer that holds the key. */
export type CreatedApiKey = Schemas['ApiCreatedAPIKeyJSON'];

/** A member; map_access holds the explicit per-map accesses by map id. */
export type Member = Schemas['ApiMemberJSON'];

/** An open invitation; its id names it for revoking (not its token). */
export type OpenInvitation = Schemas['ApiOpenInvitationJSON'];

export type InvitationList = Schemas['ApiInvitationsAnswer'];

/** Someone who registered at one of the client's partial maps: no member, but a seat of the active readers. */
export type ClientReader = Schemas['ApiReaderJSON'];

export type MemberList = Schemas['ApiMembersAnswer'];

export type ReaderList = Schemas['ApiReadersAnswer'];

export type MemberPatch = Schemas['AccountsMemberChange'];

export type MapList = Schemas['ApiMapsAnswer'];

/** A map's live toggle after PATCH /maps/{id}/live. */
export type LiveToggle = Schemas['ApiLiveAnswer'];

export type InvitationCreate = Schemas['ApiInviteRequest'];

/** An invitation is always mailed: an existing account accepts it while signed in. */
export type InvitationResult = Schemas['ApiInvitedJSON'];

/** A reader's sign-up waits for the link mailed to the address. */
export type PendingSignUp = Schemas['ApiPendingReaderJSON'];

/** What following a link that proves an address did (map_url: where a new reader goes on to). */
export type EmailVerification = Schemas['ApiVerifiedJSON'];

/**
 * The error codes of DESIGN.md §4 and the server's `gone` (410, the change log no longer reaches
 * back), plus two the client produces itself.
 */
export type KnownErrorCode =
  | 'validation_failed'
  | 'invalid_credentials'
  | 'unauthenticated'
  | 'forbidden'
  | 'client_deactivated'
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
