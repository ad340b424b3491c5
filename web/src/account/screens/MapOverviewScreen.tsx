import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ApiError,
  cloneClientMap,
  deleteMap,
  getQuotas,
  getTestingPeriod,
  listClientMaps,
  listClients,
  queryClient,
  queryKeys,
  setMapLive,
  TEMPLATE_THEMES,
  type MapSummary,
} from '../../api';
import { currentLanguage } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { Button, ButtonLink } from '../../layout/Button';
import { Dialog, DialogActions } from '../../layout/Dialog';
import dialogStyles from '../../layout/Dialog.module.css';
import { SelectField, TextField } from '../../layout/Form';
import { Page } from '../../layout/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../layout/States';
import { toasts } from '../../layout/toasts';
import { isClientDeactivated } from '../clientActions';
import { editorPath, showsClientsOverview } from '../guard';
import { ConfirmDialog, MapPreviewDialog, QuotaDialog, TrialExpiredDialog } from '../overview/Dialogs';
import { MapPreview } from '../overview/MapPreview';
import { isMapSort, MAP_SORTS, quotaText, visibleMaps, type MapSort, type QuotaText } from '../overview/overview';
import { TemplateChooserDialog } from '../overview/TemplateChooserDialog';
import styles from '../overview/Account.module.css';
import { hasRole } from '../roles';
import { useFailureText } from '../useFailureText';
import { useSession } from '../useSession';
import { AskAccessDialog } from './AskAccessDialog';
import { ClientDeactivated } from './ClientDeactivated';
import { InviteUserDialog } from './InviteUserDialog';

type Open =
  | { kind: 'invite' }
  | { kind: 'askAccess'; mapId?: number }
  | { kind: 'templates' }
  | { kind: 'preview'; map: MapSummary; live: boolean }
  | { kind: 'cloneTemplate'; map: MapSummary }
  | { kind: 'delete'; map: MapSummary }
  | { kind: 'quota'; quota: QuotaText }
  | null;

/** Trial notices already dismissed in this tab, so that the dialog does not come back on every visit. */
const dismissedTrials = new Set<string>();

export default function MapOverviewScreen() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const navigate = useNavigate();
  const language = currentLanguage();
  const { clientName = '' } = useParams();
  const sessionState = useSession();
  const { role, clientName: activeClient } = sessionState;
  const currentRole = activeClient === clientName ? role : null;
  const isAdmin = hasRole(currentRole, 'admin');
  const canCreate = hasRole(currentRole, 'student');
  const canPublish = hasRole(currentRole, 'editor');
  const [open, setOpen] = useState<Open>(null);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MapSort>('edited');
  const [busy, setBusy] = useState<number | null>(null);
  const [trialDismissed, setTrialDismissed] = useState(() => dismissedTrials.has(clientName));

  const maps = useQuery({
    queryKey: queryKeys.clientMaps(clientName),
    queryFn: ({ signal }) => listClientMaps(clientName, signal),
  });
  // The title comes from the clients list, which the overview of clients shares. Read afresh on
  // every visit: it says whether the client was deactivated meanwhile (e.g. while a map was open).
  const clients = useQuery({ queryKey: queryKeys.clients, queryFn: ({ signal }) => listClients(signal), refetchOnMount: 'always' });
  const quotas = useQuery({
    queryKey: queryKeys.clientQuotas(clientName),
    queryFn: ({ signal }) => getQuotas(clientName, signal),
  });
  const trial = useQuery({
    queryKey: queryKeys.clientTestingPeriod(clientName),
    queryFn: ({ signal }) => getTestingPeriod(clientName, signal),
  });
  const client = clients.data?.clients.find((c) => c.name === clientName);
  const close = () => {
    setOpen(null);
  };

  async function refresh() {
    await queryClient.invalidateQueries({ queryKey: ['clients', clientName] });
    await queryClient.invalidateQueries({ queryKey: queryKeys.clients });
  }

  /** A call refused because the client was deactivated meanwhile: the screen turns into the notice. */
  function noteDeactivation(err: unknown) {
    if (isClientDeactivated(err)) void queryClient.invalidateQueries({ queryKey: queryKeys.clients });
  }

  function failed(err: unknown, key: 'overview.cloneFailed' | 'overview.liveFailed') {
    noteDeactivation(err);
    const quota = quotaText(err, isAdmin);
    if (quota) setOpen({ kind: 'quota', quota });
    else toasts.error(t(key, { reason: failureText(err) }));
  }

  async function clone(map: MapSummary) {
    setBusy(map.id);
    try {
      const copy = await cloneClientMap(map.id, { name: t('overview.copyName', { name: map.name }) });
      toasts.success(t('overview.cloned', { name: copy.name }));
      await refresh();
    } catch (err) {
      failed(err, 'overview.cloneFailed');
    } finally {
      setBusy(null);
    }
  }

  async function toggleLive(map: MapSummary) {
    setBusy(map.id);
    try {
      await setMapLive(map.id, !map.live);
      await refresh();
    } catch (err) {
      failed(err, 'overview.liveFailed');
    } finally {
      setBusy(null);
    }
  }

  async function remove(map: MapSummary) {
    setBusy(map.id);
    try {
      await deleteMap(map.id);
      toasts.success(t('overview.deleted', { name: map.name }));
      setOpen(null);
      await refresh();
    } catch (err) {
      noteDeactivation(err);
      toasts.error(t('overview.deleteFailed', { reason: failureText(err) }));
    } finally {
      setBusy(null);
    }
  }

  if (maps.error instanceof ApiError && maps.error.status === 404) {
    return (
      <Page title={t('mapOverview.notFoundTitle')}>
        <ErrorState
          testId="client-not-found"
          title={t('mapOverview.notFoundHeading', { client: clientName })}
          text={t('mapOverview.notFoundBody')}
          action={
            <ButtonLink to="/" variant="secondary">
              {t('mapOverview.toStart')}
            </ButtonLink>
          }
        />
      </Page>
    );
  }

  // A deactivated client is closed to its members (the server refuses its calls): say so, and whom to ask.
  if ((client && !client.active && !sessionState.user?.is_superuser) || isClientDeactivated(maps.error)) {
    return <ClientDeactivated title={client?.title ?? clientName} role={currentRole} toClients={showsClientsOverview(sessionState)} />;
  }

  const title = client?.title ?? (clients.isPending ? '' : clientName);
  const subtitle = [
    currentRole ? t('mapOverview.subtitle', { role: t(`roles.${currentRole}`) }) : t('mapOverview.noRole'),
    maps.data ? t('mapOverview.count', { n: maps.data.length }) : null,
  ]
    .filter(Boolean)
    .join(' · ');

  function card(map: MapSummary) {
    const editable = map.access === 'edit';
    const who = map.updated_by?.name;
    const date = formatDateTime(map.updated_at, language);
    return (
      <li key={map.id} className={styles.card} data-testid="map-card" data-map-id={map.id}>
        <MapPreview preview={map.preview} />
        <div className={styles.cardBody}>
          <div className={styles.cardTitle}>
            {/* The name opens the map: to edit, or to read where the user may only read. */}
            <Link to={editorPath(map.id)} className={styles.name} data-testid="map-name">
              {map.name}
            </Link>
            <span className={styles.badge} data-testid="map-access">
              {t(editable ? 'overview.access.edit' : 'overview.access.read')}
            </span>
          </div>
          <span className={styles.meta}>{who ? t('overview.editedBy', { date, name: who }) : t('mapOverview.edited', { date })}</span>
          <label className={styles.switch} title={canPublish ? undefined : t('overview.liveNeedsEditor')}>
            <input
              type="checkbox"
              role="switch"
              checked={map.live}
              disabled={!canPublish || !editable || busy === map.id}
              onChange={() => void toggleLive(map)}
              data-testid="live-toggle"
            />
            <span className={map.live ? `${styles.badge} ${styles.badgeLive}` : undefined}>
              {t(map.live ? 'overview.liveOn' : 'overview.liveOff')}
            </span>
          </label>
          <span className={styles.meta} data-testid="live-status" data-status={map.live_status}>
            {t(`overview.liveStatus.${map.live_status}`)}
          </span>
          <div className={styles.actions}>
            {editable ? (
              <Button size="small" onClick={() => void navigate(editorPath(map.id))}>
                {t('overview.edit')}
              </Button>
            ) : (
              <Button
                size="small"
                variant="secondary"
                onClick={() => {
                  setOpen({ kind: 'askAccess', mapId: map.id });
                }}
              >
                {t('overview.askEdit')}
              </Button>
            )}
            <Button
              size="small"
              variant="secondary"
              onClick={() => {
                setOpen({ kind: 'preview', map, live: false });
              }}
            >
              {t('overview.preview')}
            </Button>
            {map.live && (
              <Button
                size="small"
                variant="secondary"
                onClick={() => {
                  setOpen({ kind: 'preview', map, live: true });
                }}
              >
                {t('overview.liveView')}
              </Button>
            )}
            {editable && canCreate && (
              <>
                <Button size="small" variant="ghost" busy={busy === map.id} onClick={() => void clone(map)}>
                  {t('overview.clone')}
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  onClick={() => {
                    setOpen({ kind: 'cloneTemplate', map });
                  }}
                >
                  {t('overview.cloneTemplate')}
                </Button>
              </>
            )}
            {editable && hasRole(currentRole, 'editor') && (
              <Button
                size="small"
                variant="dangerOutline"
                onClick={() => {
                  setOpen({ kind: 'delete', map });
                }}
              >
                {t('overview.delete')}
              </Button>
            )}
          </div>
        </div>
      </li>
    );
  }

  function body() {
    if (maps.isPending) return <LoadingRows rows={2} />;
    if (maps.isError) {
      return (
        <ErrorState
          title={t('mapOverview.loadFailed')}
          text={failureText(maps.error)}
          action={
            <Button variant="secondary" onClick={() => void maps.refetch()}>
              {t('errors.retry')}
            </Button>
          }
        />
      );
    }
    if (maps.data.length === 0) {
      return <EmptyState testId="maps-empty" title={t('mapOverview.emptyTitle')} text={t('mapOverview.empty')} />;
    }
    const shown = visibleMaps(maps.data, search, sort, language);
    if (shown.length === 0) {
      return <EmptyState testId="maps-none-found" title={t('overview.noneFound')} text={t('overview.noneFoundBody', { search })} />;
    }
    return (
      <ul className={styles.grid} data-testid="maps-list">
        {shown.map(card)}
      </ul>
    );
  }

  const q = quotas.data?.quotas;
  const quotaLine = q
    ? (['map', 'live_map', 'template'] as const)
        .map((k) => {
          const max = q[k].max;
          const type = t(`quota.labels.${k}`);
          return max === null
            ? t('overview.quotaUnlimited', { type, count: q[k].count })
            : t('overview.quotaOf', { type, count: q[k].count, max });
        })
        .join(' · ')
    : '';

  return (
    <Page
      title={title}
      subtitle={subtitle}
      actions={
        <>
          {canCreate && client?.active !== false && (
            <Button
              data-testid="new-map"
              onClick={() => {
                setOpen({ kind: 'templates' });
              }}
            >
              {t('overview.newMap')}
            </Button>
          )}
          {isAdmin ? (
            <>
              <ButtonLink to={`/clients/${encodeURIComponent(clientName)}/settings`} variant="secondary">
                {t('overview.clientSettings')}
              </ButtonLink>
              <Button
                variant="secondary"
                onClick={() => {
                  setOpen({ kind: 'invite' });
                }}
              >
                {t('invite.open')}
              </Button>
            </>
          ) : (
            <>
              {/* Below admin: the settings are named, with why they are closed. */}
              <span title={t('overview.adminNeeded')} data-testid="client-settings-locked">
                <Button variant="secondary" disabled aria-describedby="admin-needed">
                  {t('overview.clientSettings')}
                </Button>
                <span id="admin-needed" hidden>
                  {t('overview.adminNeeded')}
                </span>
              </span>
              {client?.role && client.active && (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setOpen({ kind: 'askAccess' });
                  }}
                >
                  {t('clients.askAccess')}
                </Button>
              )}
            </>
          )}
        </>
      }
    >
      {maps.data && maps.data.length > 0 && (
        <div className={styles.toolbar}>
          <TextField
            label={t('overview.search')}
            type="search"
            name="search"
            value={search}
            onValueChange={setSearch}
            placeholder={t('overview.searchPlaceholder')}
          />
          <SelectField
            label={t('overview.sort')}
            name="sort"
            value={sort}
            onValueChange={(v) => {
              if (isMapSort(v)) setSort(v);
            }}
            options={MAP_SORTS.map((s) => ({ value: s, label: t(`overview.sorts.${s}`) }))}
          />
          {quotaLine && (
            <p className={styles.quotaLine} data-testid="quota-line">
              {quotaLine}
            </p>
          )}
        </div>
      )}
      {body()}
      {open?.kind === 'invite' && <InviteUserDialog clientName={clientName} clientTitle={title || clientName} onClose={close} />}
      {open?.kind === 'askAccess' && client && <AskAccessDialog client={client} mapId={open.mapId} onClose={close} />}
      {open?.kind === 'templates' && (
        <TemplateChooserDialog
          clientName={clientName}
          isAdmin={isAdmin}
          onQuota={(quota) => {
            setOpen({ kind: 'quota', quota });
          }}
          onClose={() => {
            setOpen((o) => (o?.kind === 'templates' ? null : o));
          }}
        />
      )}
      {open?.kind === 'preview' && (
        <MapPreviewDialog
          map={open.map}
          live={open.live}
          onOpen={open.map.access === 'edit' ? () => void navigate(editorPath(open.map.id)) : null}
          onClose={close}
        />
      )}
      {open?.kind === 'cloneTemplate' && (
        <CloneAsTemplateDialog
          map={open.map}
          onDone={async (quotaErr) => {
            if (quotaErr) setOpen({ kind: 'quota', quota: quotaErr });
            else setOpen(null);
            await refresh();
          }}
          isAdmin={isAdmin}
          onClose={close}
        />
      )}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          title={t('overview.deleteTitle', { name: open.map.name })}
          text={t('overview.deleteBody')}
          confirm={t('overview.delete')}
          busy={busy === open.map.id}
          onConfirm={() => void remove(open.map)}
          onClose={close}
        />
      )}
      {open?.kind === 'quota' && <QuotaDialog quota={open.quota} onClose={close} />}
      {open === null && trial.data?.expired && !trialDismissed && (
        <TrialExpiredDialog
          period={trial.data}
          isAdmin={isAdmin}
          onClose={() => {
            dismissedTrials.add(clientName);
            setTrialDismissed(true);
          }}
        />
      )}
    </Page>
  );
}

/** Copies a map as a map template of a theme and section. */
function CloneAsTemplateDialog({
  map,
  isAdmin,
  onDone,
  onClose,
}: {
  map: MapSummary;
  isAdmin: boolean;
  onDone: (quota: QuotaText | null) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [name, setName] = useState(map.name);
  const [theme, setTheme] = useState<string>('basic');
  const [section, setSection] = useState('');
  const [busy, setBusy] = useState(false);
  const [nameProblem, setNameProblem] = useState(false);

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setNameProblem(true);
      return;
    }
    setBusy(true);
    try {
      const tpl = await cloneClientMap(map.id, { name: name.trim(), as_template: true, theme, section: section.trim() });
      toasts.success(t('overview.clonedTemplate', { name: tpl.name }));
      await onDone(null);
    } catch (err) {
      const quota = quotaText(err, isAdmin);
      if (quota) {
        await onDone(quota);
        return;
      }
      toasts.error(t('overview.cloneFailed', { reason: failureText(err) }));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={t('overview.cloneTemplateTitle', { name: map.name })}
      onClose={busy ? () => undefined : onClose}
      testId="clone-template-dialog"
    >
      <form className={dialogStyles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('templates.fields.templateName')}
          name="name"
          value={name}
          onValueChange={setName}
          problem={nameProblem ? { reason: t('templates.problems.required') } : undefined}
          maxLength={200}
          autoFocus
        />
        <SelectField
          label={t('templates.theme')}
          name="theme"
          value={theme}
          onValueChange={setTheme}
          options={TEMPLATE_THEMES.map((x) => ({ value: x, label: t(`templates.themes.${x}`) }))}
        />
        <TextField
          label={t('templates.fields.section')}
          name="section"
          value={section}
          onValueChange={setSection}
          optional
          maxLength={100}
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('overview.cloneTemplate')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
