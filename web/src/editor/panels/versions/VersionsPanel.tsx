// Versions (account-area §4): the live status with publishing, syncing, resetting the preview to
// the live version and taking it down; keeping the working copy as a version; and the revisions
// kept, each of which can be restored or made live. Anyone who edits the map reads them; the
// actions are for admins and editors (others are told to ask an admin).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteLiveVersion,
  listVersions,
  publishMap,
  publishVersion,
  resetToLive,
  restoreVersion,
  saveVersion,
  type MapVersion,
  type Publication,
} from '../../../api/publishing';
import { currentLanguage } from '../../../i18n';
import { formatDateTime } from '../../../i18n/format';
import { Button } from '../../../layout/Button';
import { toasts } from '../../../layout/toasts';
import { ConfirmDialog } from '../../shell/EditorParts';
import { liveStatus, type PublicationSource } from '../../session/publication';
import { problemKey, statusActions } from './versions';
import styles from '../kit/Panel.module.css';
import type { PanelProps } from '../types';
import { PanelFrame } from '../kit/PanelFrame';

type Confirm = { kind: 'reset' } | { kind: 'takeDown' } | { kind: 'restore'; version: MapVersion };

type VersionsLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; versions: MapVersion[] };

export function VersionsSidebar({
  source,
  revision,
  canPublish,
  onClose,
}: {
  source: PublicationSource;
  /** The working copy's revision as the editor shows it. */
  revision: number;
  /** Admins and editors publish and restore; others are told to ask an admin. */
  canPublish: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mapId = source.mapId;
  const load = useSyncExternalStore(source.subscribe, source.get);
  const heard = useSyncExternalStore(source.subscribe, source.getChanges);
  const [versions, setVersions] = useState<VersionsLoad>({ state: 'loading' });
  const [reads, setReads] = useState(0);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const language = currentLanguage();

  // The list is read again after one's own calls and whenever any editor publishes or restores.
  useEffect(() => {
    const abort = new AbortController();
    listVersions(mapId, abort.signal).then(
      (list) => {
        setVersions({ state: 'ready', versions: list });
      },
      () => {
        if (!abort.signal.aborted) setVersions((v) => (v.state === 'ready' ? v : { state: 'failed' }));
      },
    );
    return () => {
      abort.abort();
    };
  }, [mapId, heard, reads]);

  const run = async (call: () => Promise<Publication | null>, done: string) => {
    setBusy(true);
    try {
      const publication = await call();
      if (publication) source.set(publication);
      toasts.success(done);
      setReads((n) => n + 1);
      return true;
    } catch (err) {
      toasts.error(t(problemKey(err)));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const note = () => ({ ...(name.trim() && { name: name.trim() }), ...(description.trim() && { description: description.trim() }) });
  const titleOf = (v: MapVersion) => v.name || t('sidebar.versions.untitled');

  const publication = load.state === 'ready' ? load.publication : null;
  const status = publication ? liveStatus(publication, revision) : null;
  const actions = status ? statusActions(status) : null;
  const liveId = publication?.live?.id ?? null;

  return (
    <PanelFrame title={t('editor.menu.options.versions')} testId="versions-sidebar" onClose={onClose}>
      <section className={styles.group} aria-label={t('sidebar.publishing.statusTitle')}>
        {load.state === 'failed' && (
          <p className={styles.note} role="alert">
            {t('sidebar.publishing.loadFailed')}
          </p>
        )}
        {(load.state === 'loading' || load.state === 'idle') && <p className={styles.note}>{t('sidebar.publishing.loading')}</p>}
        {status && (
          <p className={styles.status} data-testid="live-status" data-status={status}>
            <span className={styles.statusDot} data-status={status} aria-hidden="true" />
            {t(`sidebar.publishing.status.${status}`)}
          </p>
        )}
        {publication?.live && (
          <p className={styles.hint} data-testid="live-version">
            {t('sidebar.versions.liveIs', { name: titleOf(publication.live) })}
          </p>
        )}
        {!canPublish && <p className={styles.note}>{t('sidebar.publishing.askAdmin')}</p>}
        {canPublish && actions && (actions.reset || actions.takeDown) && (
          <div className={styles.buttons}>
            {actions.reset && (
              <Button
                size="small"
                variant="secondary"
                disabled={busy}
                data-testid="versions-reset"
                onClick={() => {
                  setConfirm({ kind: 'reset' });
                }}
              >
                {t('sidebar.versions.reset')}
              </Button>
            )}
            {actions.takeDown && (
              <Button
                size="small"
                variant="ghost"
                disabled={busy}
                data-testid="versions-take-down"
                onClick={() => {
                  setConfirm({ kind: 'takeDown' });
                }}
              >
                {t('sidebar.publishing.takeDown')}
              </Button>
            )}
          </div>
        )}
      </section>

      {canPublish && (
        <section className={styles.group}>
          <h3 className={styles.legend}>{t('sidebar.versions.newTitle')}</h3>
          <div className={styles.form}>
            <label className={styles.field}>
              <span className={styles.label}>{t('sidebar.versions.name')}</span>
              <input
                className={styles.wide}
                value={name}
                maxLength={200}
                disabled={busy}
                data-testid="version-name"
                onChange={(e) => {
                  setName(e.target.value);
                }}
              />
            </label>
            <label className={styles.field}>
              <span className={styles.label}>{t('sidebar.versions.description')}</span>
              <textarea
                className={styles.wide}
                rows={3}
                maxLength={2000}
                value={description}
                disabled={busy}
                data-testid="version-description"
                onChange={(e) => {
                  setDescription(e.target.value);
                }}
              />
            </label>
          </div>
          <div className={styles.buttons}>
            {actions && (actions.publish || actions.sync) && (
              <Button
                size="small"
                disabled={busy}
                data-testid="versions-publish"
                onClick={() =>
                  void run(() => publishMap(mapId, note()), t('sidebar.publishing.published')).then((ok) => {
                    if (ok) {
                      setName('');
                      setDescription('');
                    }
                  })
                }
              >
                {actions.sync ? t('sidebar.versions.sync') : t('sidebar.publishing.publish')}
              </Button>
            )}
            <Button
              size="small"
              variant="secondary"
              disabled={busy}
              data-testid="version-save"
              onClick={() =>
                void run(() => saveVersion(mapId, note()).then(() => null), t('sidebar.versions.saved')).then((ok) => {
                  if (ok) {
                    setName('');
                    setDescription('');
                  }
                })
              }
            >
              {t('sidebar.versions.save')}
            </Button>
          </div>
        </section>
      )}

      <section className={styles.group} aria-label={t('sidebar.versions.listTitle')}>
        <h3 className={styles.legend}>{t('sidebar.versions.listTitle')}</h3>
        {versions.state === 'loading' && <p className={styles.note}>{t('sidebar.versions.loading')}</p>}
        {versions.state === 'failed' && (
          <p className={styles.note} role="alert">
            {t('sidebar.versions.loadFailed')}
          </p>
        )}
        {versions.state === 'ready' && versions.versions.length === 0 && <p className={styles.note}>{t('sidebar.versions.empty')}</p>}
        {versions.state === 'ready' && versions.versions.length > 0 && (
          <ul className={styles.templateList} data-testid="version-list">
            {versions.versions.map((v) => (
              <li key={v.id} className={styles.templateRow} data-testid="version-row" data-version-id={v.id} data-kind={v.kind}>
                <span className={styles.templateName}>
                  <span className={styles.versionTitle}>{titleOf(v)}</span>
                  {v.id === liveId && (
                    <span className={styles.badge} data-testid="version-live">
                      {t('sidebar.versions.live')}
                    </span>
                  )}
                </span>
                <span className={styles.hint}>
                  {t(`sidebar.versions.kind.${v.kind}`)} · {formatDateTime(v.created_at, language)}
                </span>
                <span className={styles.hint}>
                  {v.created_by ? t('sidebar.versions.by', { name: v.created_by.name }) : t('sidebar.versions.byFormer')}
                </span>
                {v.description && <span className={styles.versionText}>{v.description}</span>}
                {canPublish && (
                  <span className={styles.templateActions}>
                    <Button
                      size="small"
                      variant="secondary"
                      disabled={busy}
                      data-testid="version-restore"
                      onClick={() => {
                        setConfirm({ kind: 'restore', version: v });
                      }}
                    >
                      {t('sidebar.versions.restore')}
                    </Button>
                    {v.id !== liveId && (
                      <Button
                        size="small"
                        variant="ghost"
                        disabled={busy}
                        data-testid="version-publish"
                        onClick={() =>
                          void run(() => publishVersion(mapId, v.id), t('sidebar.versions.publishedThis', { name: titleOf(v) }))
                        }
                      >
                        {t('sidebar.versions.publishThis')}
                      </Button>
                    )}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {confirm?.kind === 'reset' && (
        <ConfirmDialog
          title={t('sidebar.versions.resetTitle')}
          text={t('sidebar.versions.resetText')}
          confirm={t('sidebar.versions.resetConfirm')}
          onConfirm={() => {
            setConfirm(null);
            void run(() => resetToLive(mapId).then((r) => r.publication), t('sidebar.versions.resetDone'));
          }}
          onClose={() => {
            setConfirm(null);
          }}
        />
      )}
      {confirm?.kind === 'takeDown' && (
        <ConfirmDialog
          title={t('sidebar.versions.takeDownTitle')}
          text={t('sidebar.versions.takeDownText')}
          confirm={t('sidebar.versions.takeDownConfirm')}
          onConfirm={() => {
            setConfirm(null);
            void run(() => deleteLiveVersion(mapId), t('sidebar.publishing.takenDown'));
          }}
          onClose={() => {
            setConfirm(null);
          }}
        />
      )}
      {confirm?.kind === 'restore' && (
        <ConfirmDialog
          title={t('sidebar.versions.restoreTitle', { name: titleOf(confirm.version) })}
          text={t('sidebar.versions.restoreText')}
          confirm={t('sidebar.versions.restoreConfirm')}
          onConfirm={() => {
            const version = confirm.version;
            setConfirm(null);
            void run(
              () => restoreVersion(mapId, version.id).then((r) => r.publication),
              t('sidebar.versions.restored', { name: titleOf(version) }),
            );
          }}
          onClose={() => {
            setConfirm(null);
          }}
        />
      )}
    </PanelFrame>
  );
}

export function VersionsPanel({ store, publication, canPublish, closePanel }: PanelProps) {
  return <VersionsSidebar source={publication} revision={store.revision} canPublish={canPublish} onClose={closePanel} />;
}
