import {
  QUOTA_KINDS,
  type ClientRole,
  type ClientSettings,
  type MapAccess,
  type Member,
  type MemberPatch,
  type PaymentInterval,
  type QuotaKind,
  type TestingPeriodUpdate,
} from '../../api';

export type GeneralField =
  'company_name' | 'logo_url' | 'login_text' | 'cname_domain' | 'subdomain' | 'analytics_property_id' | 'api_server_address';

export type GeneralProblem = 'both' | 'domain' | 'subdomain' | 'url' | 'tooLong';

const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host !== '';
  } catch {
    return false;
  }
}

/** The general settings' problems, as the server checks them: one of CNAME domain or subdomain, never both. */
export function generalProblems(s: Omit<ClientSettings, 'title'>): Partial<Record<GeneralField, GeneralProblem>> {
  const out: Partial<Record<GeneralField, GeneralProblem>> = {};
  const cname = s.cname_domain.trim().toLowerCase();
  const sub = s.subdomain.trim().toLowerCase();
  if (cname !== '' && sub !== '') {
    out.cname_domain = 'both';
    out.subdomain = 'both';
  } else {
    if (cname !== '' && !DOMAIN.test(cname)) out.cname_domain = 'domain';
    if (sub !== '' && !LABEL.test(sub)) out.subdomain = 'subdomain';
  }
  if (s.company_name.length > 200) out.company_name = 'tooLong';
  if (s.login_text.length > 2000) out.login_text = 'tooLong';
  if (s.analytics_property_id.length > 100) out.analytics_property_id = 'tooLong';
  const logo = s.logo_url.trim();
  if (logo !== '' && !logo.startsWith('data:image/') && !isHttpUrl(logo)) out.logo_url = 'url';
  const api = s.api_server_address.trim();
  if (api !== '' && !isHttpUrl(api)) out.api_server_address = 'url';
  return out;
}

/** A member's row in user management, with the admin's unsaved changes. */
export interface MemberRow {
  member: Member;
  role: ClientRole;
  premium: boolean;
  supportConsent: boolean;
  mapAccess: Record<string, MapAccess>;
}

export function memberRow(member: Member): MemberRow {
  return {
    member,
    role: member.role,
    premium: member.premium_templates,
    supportConsent: member.support_access_consent,
    mapAccess: { ...member.map_access },
  };
}

/** The access a member has to a map in the editor's terms, when no explicit one is set. */
export function defaultAccess(role: ClientRole): MapAccess {
  return role === 'guest' ? 'read' : 'edit';
}

/** A row with one map's access set, or cleared with '' so that the role decides again. */
export function withMapAccess(row: MemberRow, mapId: string, access: MapAccess | ''): MemberRow {
  const mapAccess = Object.fromEntries(Object.entries(row.mapAccess).filter(([id]) => id !== mapId));
  if (access !== '') mapAccess[mapId] = access;
  return { ...row, mapAccess };
}

/** What to send for a row: only what changed, or null when nothing did. */
export function memberPatch(row: MemberRow): MemberPatch | null {
  const m = row.member;
  const patch: MemberPatch = {};
  if (row.role !== m.role) patch.role = row.role;
  if (row.premium !== m.premium_templates) patch.premium_templates = row.premium;
  if (row.supportConsent !== m.support_access_consent) patch.support_access_consent = row.supportConsent;
  // null clears an access the member had: the role decides again ("As the role allows").
  const access: Record<string, MapAccess | null> = {};
  for (const [mapId, a] of Object.entries(row.mapAccess)) {
    if (m.map_access[mapId] !== a) access[mapId] = a;
  }
  for (const mapId of Object.keys(m.map_access)) {
    if (!(mapId in row.mapAccess)) access[mapId] = null;
  }
  if (Object.keys(access).length > 0) patch.map_access = access;
  return Object.keys(patch).length > 0 ? patch : null;
}

/** A new user typed into user management and not yet invited. */
export interface PendingInvite {
  email: string;
  role: ClientRole;
}

/**
 * Why saving user management is refused, or null when it may go ahead. The spec's rule: invite all
 * users before saving — a typed address not yet invited blocks the save.
 */
export function saveBlocker(rows: readonly MemberRow[], pending: readonly PendingInvite[]): 'inviteFirst' | 'nothing' | null {
  if (pending.some((p) => p.email.trim() !== '')) return 'inviteFirst';
  if (rows.every((r) => memberPatch(r) === null)) return 'nothing';
  return null;
}

/** The largest limit of a kind, as the server allows: media storage counts bytes (up to 1 PB), the others things. */
const quotaMax = (kind: QuotaKind): number => (kind === 'media_storage' ? 2 ** 50 : 1_000_000);

/** The licence form's limits: empty is unlimited (null), else a whole number up to the kind's largest. */
export function quotaLimits(inputs: Record<QuotaKind, string>): {
  limits: Record<QuotaKind, number | null>;
  bad: QuotaKind[];
} {
  const limits = {} as Record<QuotaKind, number | null>;
  const bad: QuotaKind[] = [];
  for (const kind of QUOTA_KINDS) {
    const v = inputs[kind].trim();
    if (v === '') limits[kind] = null;
    else if (/^\d{1,16}$/.test(v) && Number(v) <= quotaMax(kind)) limits[kind] = Number(v);
    else bad.push(kind);
  }
  return { limits, bad };
}

export interface TrialInputs {
  /** YYYY-MM-DD, or '' for no testing period. */
  endsOn: string;
  interval: PaymentInterval;
  monthly: string;
  yearly: string;
}

/** The testing period to send, or the fields that are wrong. */
export function trialUpdate(f: TrialInputs): { update: TestingPeriodUpdate | null; bad: ('endsOn' | 'monthly' | 'yearly')[] } {
  const bad: ('endsOn' | 'monthly' | 'yearly')[] = [];
  const date = f.endsOn.trim();
  if (date !== '' && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))) bad.push('endsOn');
  const buy: TestingPeriodUpdate['buy_urls'] = {};
  for (const interval of ['monthly', 'yearly'] as const) {
    const url = f[interval].trim();
    if (url === '') continue;
    if (isHttpUrl(url)) buy[interval] = url;
    else bad.push(interval);
  }
  if (bad.length > 0) return { update: null, bad };
  return {
    update: { ends_at: date === '' ? null : `${date}T00:00:00Z`, payment_interval: f.interval, buy_urls: buy },
    bad,
  };
}
