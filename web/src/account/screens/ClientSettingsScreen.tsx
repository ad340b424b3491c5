import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  getClientSettings,
  getQuotas,
  getTestingPeriod,
  inviteUser,
  listAccessRequests,
  listClientMaps,
  listClients,
  listInvitations,
  listMembers,
  listReaders,
  QUOTA_KINDS,
  queryClient,
  queryKeys,
  removeMember,
  removeReader,
  revokeInvitation,
  setQuotas,
  setTestingPeriod,
  updateClientSettings,
  updateMember,
  type ClientReader,
  type ClientSettings,
  type MapSummary,
  type Member,
  type OpenInvitation,
  type Quota,
  type QuotaKind,
  type TestingPeriod,
} from '../../api';
import { currentLanguage } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { Button, ButtonLink } from '../../layout/Button';
import { SelectField, TextAreaField, TextField } from '../../layout/Form';
import { Page } from '../../layout/Page';
import { ErrorState, LoadingRows } from '../../layout/States';
import { toasts } from '../../layout/toasts';
import { CLIENT_ROLES, isClientRole, validateInvite } from '../forms';
import {
  generalProblems,
  memberPatch,
  memberRow,
  quotaLimits,
  saveBlocker,
  trialUpdate,
  type GeneralField,
  type GeneralProblem,
  type MemberRow,
  type PendingInvite,
  type TrialInputs,
} from '../overview/clientSettings';
import { ConfirmDialog, QuotaDialog } from '../overview/Dialogs';
import { ApiKeysSection } from './ApiKeysSection';
import { MapAccessCell } from './MapAccessCell';
import { quotaText, type QuotaText } from '../overview/overview';
import { readPicture } from '../overview/picture';
import styles from '../overview/Account.module.css';
import formStyles from '../../layout/Form.module.css';
import { useFailureText } from '../useFailureText';
import { useSession } from '../useSession';

type Tab = 'general' | 'users';

/** Client settings for admins: the general account fields and user management. */
export default function ClientSettingsScreen() {
  const { t } = useTranslation();
  const { clientName = '' } = useParams();
  const [tab, setTab] = useState<Tab>('general');
  const clients = useQuery({ queryKey: queryKeys.clients, queryFn: ({ signal }) => listClients(signal) });
  const title = clients.data?.clients.find((c) => c.name === clientName)?.title ?? clientName;
  return (
    <Page
      title={t('clientSettings.title', { client: title })}
      actions={
        <ButtonLink to={`/clients/${encodeURIComponent(clientName)}`} variant="secondary">
          {t('clientSettings.back')}
        </ButtonLink>
      }
    >
      <div className={styles.tabs} role="tablist">
        {(['general', 'users'] as const).map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab === x}
            onClick={() => {
              setTab(x);
            }}
          >
            {t(`clientSettings.tabs.${x}`)}
          </button>
        ))}
      </div>
      {tab === 'general' ? <GeneralTab clientName={clientName} /> : <UsersTab clientName={clientName} />}
    </Page>
  );
}

function GeneralTab({ clientName }: { clientName: string }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const settings = useQuery({
    queryKey: queryKeys.clientSettings(clientName),
    queryFn: ({ signal }) => getClientSettings(clientName, signal),
  });
  const quotas = useQuery({ queryKey: queryKeys.clientQuotas(clientName), queryFn: ({ signal }) => getQuotas(clientName, signal) });
  const trial = useQuery({
    queryKey: queryKeys.clientTestingPeriod(clientName),
    queryFn: ({ signal }) => getTestingPeriod(clientName, signal),
  });
  if (settings.isPending) return <LoadingRows rows={3} />;
  if (settings.isError) return <ErrorState title={t('clientSettings.loadFailed')} text={failureText(settings.error)} />;
  return (
    <>
      <GeneralForm key={settings.dataUpdatedAt} clientName={clientName} initial={settings.data} />
      <ApiKeysSection clientName={clientName} />
      {quotas.data && trial.data && (
        <LicenceSection
          key={`${quotas.dataUpdatedAt}-${trial.dataUpdatedAt}`}
          clientName={clientName}
          quotas={quotas.data.quotas}
          trial={trial.data}
        />
      )}
    </>
  );
}

/** The licence: the quotas with their counts, and the testing period; a superuser sets them. */
function LicenceSection({ clientName, quotas, trial }: { clientName: string; quotas: Record<QuotaKind, Quota>; trial: TestingPeriod }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const language = currentLanguage();
  const { user } = useSession();
  const editable = user?.is_superuser === true;
  const [limits, setLimits] = useState(
    () => Object.fromEntries(QUOTA_KINDS.map((k) => [k, quotas[k].max === null ? '' : String(quotas[k].max)])) as Record<QuotaKind, string>,
  );
  const [trialInputs, setTrialInputs] = useState<TrialInputs>({
    endsOn: trial.ends_at ? trial.ends_at.slice(0, 10) : '',
    interval: trial.payment_interval,
    monthly: trial.buy_urls.monthly ?? '',
    yearly: trial.buy_urls.yearly ?? '',
  });
  const [bad, setBad] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const q = quotaLimits(limits);
    const tr = trialUpdate(trialInputs);
    setBad([...q.bad, ...tr.bad]);
    if (q.bad.length > 0 || !tr.update) return;
    setSaving(true);
    try {
      await setQuotas(clientName, q.limits);
      await setTestingPeriod(clientName, tr.update);
      toasts.success(t('quota.saved'));
      await queryClient.invalidateQueries({ queryKey: ['clients', clientName] });
    } catch (err) {
      toasts.error(t('quota.saveFailed', { reason: failureText(err) }));
    } finally {
      setSaving(false);
    }
  }

  const wrong = (f: string) => (bad.includes(f) ? { reason: t('quota.invalid') } : undefined);

  return (
    <form className={styles.section} onSubmit={(e) => void save(e)} noValidate data-testid="quota-table">
      <h2 className={styles.sectionTitle}>{t('quota.heading')}</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('quota.kind')}</th>
            <th>{t('quota.used')}</th>
            <th>{t('quota.limit')}</th>
          </tr>
        </thead>
        <tbody>
          {QUOTA_KINDS.map((k) => (
            <tr key={k}>
              <td>{t(`quota.labels.${k}`)}</td>
              <td>{quotas[k].count}</td>
              <td>
                {editable ? (
                  <input
                    className={bad.includes(k) ? styles.invalidInput : undefined}
                    aria-label={t('quota.limitOf', { type: t(`quota.labels.${k}`) })}
                    aria-invalid={bad.includes(k)}
                    inputMode="numeric"
                    placeholder={t('overview.unlimited')}
                    value={limits[k]}
                    onChange={(e) => {
                      setLimits((l) => ({ ...l, [k]: e.target.value }));
                    }}
                  />
                ) : (
                  (quotas[k].max ?? t('overview.unlimited'))
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editable ? (
        <>
          <p className={styles.hint}>{t('quota.superuserHint')}</p>
          <div className={styles.formGrid}>
            <TextField
              label={t('quota.trialEnds')}
              type="date"
              name="trial_ends"
              value={trialInputs.endsOn}
              onValueChange={(endsOn) => {
                setTrialInputs((x) => ({ ...x, endsOn }));
              }}
              problem={wrong('endsOn')}
              optional
            />
            <SelectField
              label={t('quota.interval')}
              name="payment_interval"
              value={trialInputs.interval}
              onValueChange={(v) => {
                if (v === 'monthly' || v === 'yearly') setTrialInputs((x) => ({ ...x, interval: v }));
              }}
              options={(['monthly', 'yearly'] as const).map((i) => ({ value: i, label: t(`quota.intervals.${i}`) }))}
            />
          </div>
          <TextField
            label={t('quota.buyMonthly')}
            name="buy_monthly"
            value={trialInputs.monthly}
            onValueChange={(monthly) => {
              setTrialInputs((x) => ({ ...x, monthly }));
            }}
            problem={wrong('monthly')}
            placeholder="https://"
            optional
          />
          <TextField
            label={t('quota.buyYearly')}
            name="buy_yearly"
            value={trialInputs.yearly}
            onValueChange={(yearly) => {
              setTrialInputs((x) => ({ ...x, yearly }));
            }}
            problem={wrong('yearly')}
            placeholder="https://"
            optional
          />
          <div>
            <Button type="submit" busy={saving}>
              {t('quota.save')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {trial.ends_at && (
            <p className={styles.hint}>
              {t(trial.expired ? 'quota.trialEnded' : 'quota.trialRuns', { date: formatDate(trial.ends_at, language) })}
            </p>
          )}
          <p className={styles.hint}>{t('quota.contactSales')}</p>
        </>
      )}
    </form>
  );
}

function GeneralForm({ clientName, initial }: { clientName: string; initial: ClientSettings }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<Partial<Record<GeneralField, string>>>({});
  const [saving, setSaving] = useState(false);
  const set = (field: keyof ClientSettings) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
  };
  const problemOf = (f: GeneralField) => (problems[f] ? { reason: problems[f] } : undefined);

  async function chooseLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const read = await readPicture(file);
    if (read.kind === 'ok') setForm((f) => ({ ...f, logo_url: read.dataUrl }));
    else setProblems((p) => ({ ...p, logo_url: t(`userSettings.picture.${read.kind}`) }));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const patch = {
      company_name: form.company_name,
      logo_url: form.logo_url,
      login_text: form.login_text,
      cname_domain: form.cname_domain,
      subdomain: form.subdomain,
      analytics_property_id: form.analytics_property_id,
      api_server_address: form.api_server_address,
      support_access: form.support_access,
    };
    const found = generalProblems(patch);
    const texts: Partial<Record<GeneralField, string>> = {};
    for (const [f, p] of Object.entries(found) as [GeneralField, GeneralProblem][]) texts[f] = t(`clientSettings.problems.${p}`);
    setProblems(texts);
    if (Object.keys(texts).length > 0) return;
    setSaving(true);
    try {
      const saved = await updateClientSettings(clientName, patch);
      queryClient.setQueryData(queryKeys.clientSettings(clientName), saved);
      toasts.success(t('clientSettings.saved'));
    } catch (err) {
      toasts.error(t('clientSettings.saveFailed', { reason: failureText(err) }));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.section} onSubmit={(e) => void submit(e)} noValidate data-testid="client-general-form">
      <h2 className={styles.sectionTitle}>{t('clientSettings.general')}</h2>
      <TextField
        label={t('clientSettings.fields.companyName')}
        name="company_name"
        value={form.company_name}
        onValueChange={set('company_name')}
        problem={problemOf('company_name')}
        maxLength={200}
      />
      <span className={formStyles.label}>{t('clientSettings.fields.logo')}</span>
      <div className={styles.avatarRow}>
        {form.logo_url ? <img className={styles.avatar} src={form.logo_url} alt={t('clientSettings.fields.logo')} /> : null}
        <label className={styles.chip}>
          {t('clientSettings.chooseLogo')}
          <input type="file" accept="image/png,image/jpeg,image/webp" hidden onChange={(e) => void chooseLogo(e)} />
        </label>
        {form.logo_url && (
          <Button
            size="small"
            variant="ghost"
            onClick={() => {
              set('logo_url')('');
            }}
          >
            {t('clientSettings.removeLogo')}
          </Button>
        )}
      </div>
      {problems.logo_url && <p className={styles.blocker}>{problems.logo_url}</p>}
      <TextAreaField
        label={t('clientSettings.fields.loginText')}
        name="login_text"
        value={form.login_text}
        onValueChange={set('login_text')}
        problem={problemOf('login_text')}
        optional
        rows={3}
        maxLength={2000}
      />
      <p className={styles.hint}>{t('clientSettings.domainHint')}</p>
      <div className={styles.formGrid}>
        <TextField
          label={t('clientSettings.fields.cname')}
          name="cname_domain"
          value={form.cname_domain}
          onValueChange={set('cname_domain')}
          problem={problemOf('cname_domain')}
          placeholder="maps.example.org"
          optional
        />
        <TextField
          label={t('clientSettings.fields.subdomain')}
          name="subdomain"
          value={form.subdomain}
          onValueChange={set('subdomain')}
          problem={problemOf('subdomain')}
          placeholder="acme"
          optional
        />
      </div>
      <TextField
        label={t('clientSettings.fields.analytics')}
        name="analytics_property_id"
        value={form.analytics_property_id}
        onValueChange={set('analytics_property_id')}
        problem={problemOf('analytics_property_id')}
        placeholder="G-XXXXXXX"
        optional
      />
      <TextField
        label={t('clientSettings.fields.apiServer')}
        name="api_server_address"
        value={form.api_server_address}
        onValueChange={set('api_server_address')}
        problem={problemOf('api_server_address')}
        placeholder="https://api.example.org"
        optional
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          name="support_access"
          checked={form.support_access}
          onChange={(e) => {
            setForm((f) => ({ ...f, support_access: e.target.checked }));
          }}
        />
        <span>{t('clientSettings.fields.supportAccess')}</span>
      </label>
      <div>
        <Button type="submit" busy={saving}>
          {t('clientSettings.save')}
        </Button>
      </div>
    </form>
  );
}

function UsersTab({ clientName }: { clientName: string }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  // Members, invitations and readers are cached under one key, so that a change refreshes them together.
  const members = useQuery({ queryKey: queryKeys.clientMembers(clientName), queryFn: ({ signal }) => listMembers(clientName, signal) });
  const invitations = useQuery({
    queryKey: [...queryKeys.clientMembers(clientName), 'invitations'],
    queryFn: ({ signal }) => listInvitations(clientName, signal),
  });
  const readers = useQuery({
    queryKey: [...queryKeys.clientMembers(clientName), 'readers'],
    queryFn: ({ signal }) => listReaders(clientName, signal),
  });
  const maps = useQuery({ queryKey: queryKeys.clientMaps(clientName), queryFn: ({ signal }) => listClientMaps(clientName, signal) });
  const requests = useQuery({
    queryKey: [...queryKeys.clientMembers(clientName), 'accessRequests'],
    queryFn: ({ signal }) => listAccessRequests(clientName, signal),
  });
  const failed = [members, invitations, readers, maps].find((q) => q.isError);
  if (failed) return <ErrorState title={t('clientSettings.loadFailed')} text={failureText(failed.error)} />;
  if (!members.data || !invitations.data || !readers.data || !maps.data) return <LoadingRows rows={3} />;
  const language = currentLanguage();
  const mapName = (id: number | null) => (id === null ? null : (maps.data.find((m) => m.id === id)?.name ?? null));
  return (
    <>
      <UserManagement
        key={Math.max(members.dataUpdatedAt, invitations.dataUpdatedAt)}
        clientName={clientName}
        members={members.data}
        invitations={invitations.data.invitations}
        maps={maps.data}
      />
      <ReaderList clientName={clientName} readers={readers.data} />
      {requests.data && requests.data.length > 0 && (
        <section className={styles.section} style={{ maxWidth: 'none' }} data-testid="access-requests">
          <h2 className={styles.sectionTitle}>{t('clientSettings.requestsHeading')}</h2>
          <p className={styles.hint}>{t('clientSettings.requestsHint')}</p>
          <ul className={styles.requests}>
            {requests.data.map((r) => {
              const map = mapName(r.map_id);
              return (
                <li key={r.id}>
                  <strong>{r.user_name || r.user_email}</strong>{' '}
                  <span className={styles.meta}>
                    {map
                      ? t('clientSettings.requestForMap', { map, date: formatDate(r.created_at, language) })
                      : t('clientSettings.requestGeneral', { date: formatDate(r.created_at, language) })}
                  </span>
                  {r.message && <p className={styles.hint}>“{r.message}”</p>}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}

/** Someone on one of the client's lists: a member, a reader, or an open invitation. */
interface Removable<Id extends number | string = number> {
  id: Id;
  email: string;
}

/**
 * Removing someone from a list of the client's: asked for, confirmed in a dialog, done, said in a
 * toast, and the list loaded again. texts names the group of the removal's texts (removeTitle,
 * removeBody, removed, removeFailed). Answers what asks for it and the dialog to render.
 */
function useConfirmedRemoval<Id extends number | string = number>(
  clientName: string,
  texts: 'clientSettings' | 'clientSettings.readers' | 'clientSettings.invitations',
  removeOne: (clientName: string, id: Id) => Promise<void>,
): { ask: (item: Removable<Id>) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [removing, setRemoving] = useState<Removable<Id> | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove(item: Removable<Id>) {
    setBusy(true);
    try {
      await removeOne(clientName, item.id);
      toasts.success(t(`${texts}.removed`, { email: item.email }));
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.clientMembers(clientName) });
    } catch (err) {
      toasts.error(t(`${texts}.removeFailed`, { reason: failureText(err) }));
    } finally {
      setBusy(false);
    }
  }

  const dialog = removing && (
    <ConfirmDialog
      title={t(`${texts}.removeTitle`, { email: removing.email })}
      text={t(`${texts}.removeBody`)}
      confirm={t(texts === 'clientSettings.invitations' ? 'clientSettings.invitations.revoke' : 'clientSettings.remove')}
      busy={busy}
      onConfirm={() => void remove(removing)}
      onClose={() => {
        setRemoving(null);
      }}
    />
  );
  return { ask: setRemoving, dialog };
}

/** A user's name (or address) over their address, as the lists of users show them. */
function UserCell({ user }: { user: { name: string; email: string } }) {
  return (
    <td>
      <strong>{user.name || user.email}</strong>
      <br />
      <span className={styles.meta}>{user.email}</span>
    </td>
  );
}

/** The readers who registered at the client's partial maps: each holds an active-reader seat until removed. */
function ReaderList({ clientName, readers }: { clientName: string; readers: ClientReader[] }) {
  const { t } = useTranslation();
  const removal = useConfirmedRemoval(clientName, 'clientSettings.readers', removeReader);
  const language = currentLanguage();

  return (
    <section className={styles.section} style={{ maxWidth: 'none' }} data-testid="readers-section">
      <h2 className={styles.sectionTitle}>{t('clientSettings.readers.heading')}</h2>
      <p className={styles.hint}>{t('clientSettings.readers.hint')}</p>
      {readers.length === 0 ? (
        <p className={styles.meta}>{t('clientSettings.readers.none')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('clientSettings.columns.user')}</th>
              <th>{t('clientSettings.readers.since')}</th>
              <th>
                <span className="visually-hidden">{t('clientSettings.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {readers.map((r) => (
              <tr key={r.id} data-testid="reader-row" data-email={r.email}>
                <UserCell user={r} />
                <td>{formatDate(r.since, language)}</td>
                <td>
                  <Button
                    size="small"
                    variant="dangerOutline"
                    onClick={() => {
                      removal.ask(r);
                    }}
                  >
                    {t('clientSettings.remove')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {removal.dialog}
    </section>
  );
}

function UserManagement({
  clientName,
  members,
  invitations,
  maps,
}: {
  clientName: string;
  members: Member[];
  invitations: OpenInvitation[];
  maps: MapSummary[];
}) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const language = currentLanguage();
  const [rows, setRows] = useState<MemberRow[]>(() => members.map(memberRow));
  const [pending, setPending] = useState<PendingInvite[]>([{ email: '', role: 'editor' }]);
  const [inviting, setInviting] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [blocked, setBlocked] = useState<'inviteFirst' | 'nothing' | null>(null);
  const removal = useConfirmedRemoval(clientName, 'clientSettings', removeMember);
  const revocation = useConfirmedRemoval(clientName, 'clientSettings.invitations', revokeInvitation);
  const [quota, setQuota] = useState<QuotaText | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.clientMembers(clientName) });
  const update = (i: number, change: Partial<MemberRow>) => {
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...change } : r)));
    setBlocked(null);
  };

  async function invite(i: number) {
    const p = pending[i];
    if (!p) return;
    const problems = validateInvite(p.email, p.role);
    if (problems.email) {
      toasts.error(t('problems.emailInvalid'));
      return;
    }
    setInviting(i);
    try {
      const result = await inviteUser(clientName, { email: p.email.trim(), role: p.role });
      const values = { email: result.email, role: t(`roles.${result.role}`), client: clientName };
      toasts.success(result.has_account ? t('invite.sentToAccount', values) : t('invite.sent', values));
      setPending((ps) => ps.filter((_, j) => j !== i));
      setBlocked(null);
      await refresh();
    } catch (err) {
      const q = quotaText(err, true);
      if (q) setQuota(q);
      else toasts.error(t('invite.failed', { reason: failureText(err) }));
    } finally {
      setInviting(null);
    }
  }

  async function save() {
    const why = saveBlocker(rows, pending);
    setBlocked(why);
    if (why) return;
    setSaving(true);
    try {
      for (const row of rows) {
        const patch = memberPatch(row);
        if (patch) await updateMember(clientName, row.member.id, patch);
      }
      toasts.success(t('clientSettings.usersSaved'));
      await refresh();
    } catch (err) {
      const q = quotaText(err, true);
      if (q) setQuota(q);
      else toasts.error(t('clientSettings.usersFailed', { reason: failureText(err) }));
      await refresh();
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <section className={styles.section} style={{ maxWidth: 'none' }} data-testid="invite-section">
        <h2 className={styles.sectionTitle}>{t('clientSettings.inviteHeading')}</h2>
        <p className={styles.hint}>{t('clientSettings.inviteHint')}</p>
        {pending.map((p, i) => (
          <div key={i} className={styles.inviteRow} data-testid="invite-row">
            <TextField
              label={t('login.email')}
              type="email"
              name={`invite-email-${i}`}
              value={p.email}
              onValueChange={(email) => {
                setPending((ps) => ps.map((x, j) => (j === i ? { ...x, email } : x)));
              }}
            />
            <SelectField
              label={t('invite.role')}
              name={`invite-role-${i}`}
              value={p.role}
              onValueChange={(role) => {
                if (isClientRole(role)) setPending((ps) => ps.map((x, j) => (j === i ? { ...x, role } : x)));
              }}
              options={CLIENT_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            />
            <Button busy={inviting === i} onClick={() => void invite(i)}>
              {t('invite.send')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setPending((ps) => ps.filter((_, j) => j !== i));
              }}
              aria-label={t('clientSettings.discardRow')}
            >
              ×
            </Button>
          </div>
        ))}
        <div>
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              setPending((ps) => [...ps, { email: '', role: 'editor' }]);
            }}
          >
            {t('clientSettings.addUser')}
          </Button>
        </div>
        {invitations.length > 0 && (
          <>
            <h3 className={styles.sectionTitle}>{t('clientSettings.openInvitations')}</h3>
            <ul data-testid="open-invitations">
              {invitations.map((inv) => (
                <li key={inv.id} data-testid="open-invitation">
                  {t('clientSettings.invitationLine', {
                    email: inv.email,
                    role: t(`roles.${inv.role}`),
                    date: formatDate(inv.expires_at, language),
                  })}{' '}
                  <Button
                    size="small"
                    variant="dangerOutline"
                    data-testid="revoke-invitation"
                    onClick={() => {
                      revocation.ask(inv);
                    }}
                  >
                    {t('clientSettings.invitations.revoke')}
                  </Button>
                </li>
              ))}
            </ul>
            {revocation.dialog}
          </>
        )}
      </section>
      <section className={styles.section} style={{ maxWidth: 'none' }} data-testid="members-section">
        <h2 className={styles.sectionTitle}>{t('clientSettings.usersHeading')}</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('clientSettings.columns.user')}</th>
              <th>{t('clientSettings.columns.role')}</th>
              <th>{t('clientSettings.columns.premium')}</th>
              <th>{t('clientSettings.columns.support')}</th>
              <th>{t('clientSettings.columns.maps')}</th>
              <th>
                <span className="visually-hidden">{t('clientSettings.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row.member.id} data-testid="member-row" data-email={row.member.email}>
                <UserCell user={row.member} />
                <td>
                  <select
                    aria-label={t('clientSettings.roleOf', { email: row.member.email })}
                    value={row.role}
                    onChange={(e) => {
                      if (isClientRole(e.target.value)) update(i, { role: e.target.value });
                    }}
                  >
                    {CLIENT_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {t(`roles.${r}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('clientSettings.premiumOf', { email: row.member.email })}
                    checked={row.premium}
                    onChange={(e) => {
                      update(i, { premium: e.target.checked });
                    }}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('clientSettings.supportOf', { email: row.member.email })}
                    checked={row.supportConsent}
                    onChange={(e) => {
                      update(i, { supportConsent: e.target.checked });
                    }}
                  />
                </td>
                <td>
                  <MapAccessCell
                    row={row}
                    maps={maps}
                    onChange={(changed) => {
                      update(i, { mapAccess: changed.mapAccess });
                    }}
                  />
                </td>
                <td>
                  <Button
                    size="small"
                    variant="dangerOutline"
                    onClick={() => {
                      removal.ask(row.member);
                    }}
                  >
                    {t('clientSettings.remove')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {blocked && (
          <p className={styles.blocker} role="alert" data-testid="save-blocked">
            {t(`clientSettings.blocked.${blocked}`)}
          </p>
        )}
        <div>
          <Button busy={saving} onClick={() => void save()} data-testid="save-users">
            {t('clientSettings.saveUsers')}
          </Button>
        </div>
      </section>
      {removal.dialog}
      {quota && (
        <QuotaDialog
          quota={quota}
          onClose={() => {
            setQuota(null);
          }}
        />
      )}
    </>
  );
}
