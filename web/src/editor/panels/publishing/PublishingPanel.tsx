// Publishing (account-area §8) from the editor: the live status with publish and take-down, and
// the sections of the side menu's manage group: map URL, map access with embedding, SEO and the
// embed code. Each section is one editor's at a time (the Editor holds its lock while it is open).
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, setMapLive } from '../../../api';
import { quotaText } from '../../../account/overview/overview';
import {
  deleteLiveVersion,
  patchPublication,
  publishMap,
  type AccessMode,
  type Publication,
  type PublicationPatch,
} from '../../../api/publishing';
import { Button } from '../../../layout/Button';
import { toasts } from '../../../layout/toasts';
import { liveStatus, type PublicationSource } from '../../session/publication';
import { embedSnippet, publicAddress } from './publishing';
import styles from '../kit/Panel.module.css';
import type { PanelProps } from '../types';
import { type LockHolder, PanelFrame } from '../kit/PanelFrame';

export type PublishingSection = 'mapUrl' | 'mapAccess' | 'seo' | 'embedCode';

const ACCESS_MODES: readonly AccessMode[] = ['limited', 'partial', 'accessible'];

/** What a refused field must look like, said after the field's name. */
const FIELD_HINTS: Partial<Record<string, 'urlHint' | 'domainsHint'>> = { url: 'urlHint', embed_domains: 'domainsHint' };

export function PublishingSidebar({
  source,
  revision,
  mapName,
  section,
  canPublish,
  isAdmin,
  lockedBy,
  onClose,
}: {
  /** The publication, kept current by the editor. */
  source: PublicationSource;
  /** The working copy's revision as the editor shows it: the live status follows it. */
  revision: number;
  mapName: string;
  section: PublishingSection;
  /** Admins and editors publish; others are told to ask an admin. */
  canPublish: boolean;
  /** Admins are told to upgrade when the live-map seats are taken, others to ask an admin. */
  isAdmin: boolean;
  lockedBy: LockHolder | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mapId = source.mapId;
  const load = useSyncExternalStore(source.subscribe, source.get);
  const publication = load.state === 'ready' ? load.publication : null;
  const failed = load.state === 'failed';
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<PublicationPatch>({});
  const [problem, setProblem] = useState<string | null>(null);
  const readOnly = lockedBy !== null || busy;

  const run = async (call: () => Promise<Publication>, done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const p = await call();
      source.set(p);
      setDraft({});
      toasts.success(done);
    } catch (err) {
      const field = err instanceof ApiError ? Object.keys(err.details)[0] : undefined;
      setProblem(
        err instanceof ApiError && err.code === 'conflict'
          ? t('sidebar.publishing.urlTaken')
          : field
            ? [
                t('sidebar.publishing.invalid', { field: t(`sidebar.publishing.fields.${field as 'url'}`) }),
                FIELD_HINTS[field] && t(`sidebar.publishing.${FIELD_HINTS[field]}`),
              ]
                .filter(Boolean)
                .join(' ')
            : err instanceof ApiError && err.status === 403
              ? t('sidebar.publishing.askAdmin')
              : t('sidebar.publishing.failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  // The overview's live toggle, from here: a published map that is not live is not there for readers.
  const makeLive = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await setMapLive(mapId, true);
      const now = source.get();
      if (now.state === 'ready') source.set({ ...now.publication, map_live: true });
      toasts.success(t('sidebar.publishing.madeLive'));
    } catch (err) {
      const quota = quotaText(err, isAdmin);
      setProblem(quota ? t(quota.key) : t('sidebar.publishing.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (failed) {
    return (
      <PanelFrame title={t(`editor.menu.options.${section}`)} testId="publishing-sidebar" onClose={onClose} lockedBy={lockedBy}>
        <p className={styles.note} role="alert">
          {t('sidebar.publishing.loadFailed')}
        </p>
      </PanelFrame>
    );
  }
  if (!publication) {
    return (
      <PanelFrame title={t(`editor.menu.options.${section}`)} testId="publishing-sidebar" onClose={onClose} lockedBy={lockedBy}>
        <p className={styles.note}>{t('sidebar.publishing.loading')}</p>
      </PanelFrame>
    );
  }

  const value = <K extends keyof PublicationPatch>(key: K, current: NonNullable<PublicationPatch[K]>) => draft[key] ?? current;
  const set = (patch: PublicationPatch) => {
    setDraft((d) => ({ ...d, ...patch }));
  };
  const dirty = Object.keys(draft).length > 0;
  const address = publication.url ? publicAddress(publication.url) : '';
  const seoLength = value('seo_description', publication.seo_description).length;
  const status = liveStatus(publication, revision);

  return (
    <PanelFrame title={t(`editor.menu.options.${section}`)} testId="publishing-sidebar" onClose={onClose} lockedBy={lockedBy}>
      <section className={styles.group} aria-label={t('sidebar.publishing.statusTitle')}>
        <p className={styles.note} data-testid="live-status" data-status={status}>
          {t(`sidebar.publishing.status.${status}`)}
        </p>
        {canPublish ? (
          <div className={styles.buttons}>
            <Button
              size="small"
              disabled={readOnly || status === 'up_to_date'}
              data-testid="publish-button"
              onClick={() => void run(() => publishMap(mapId), t('sidebar.publishing.published'))}
            >
              {publication.live ? t('sidebar.publishing.sync') : t('sidebar.publishing.publish')}
            </Button>
            {publication.live && (
              <Button
                size="small"
                variant="secondary"
                disabled={readOnly}
                data-testid="take-down-button"
                onClick={() => void run(() => deleteLiveVersion(mapId), t('sidebar.publishing.takenDown'))}
              >
                {t('sidebar.publishing.takeDown')}
              </Button>
            )}
          </div>
        ) : (
          <p className={styles.note}>{t('sidebar.publishing.askAdmin')}</p>
        )}
        {publication.live && !publication.map_live && (
          <div className={styles.notLive} data-testid="not-live">
            <p>{t('sidebar.publishing.notLive')}</p>
            {canPublish && (
              <Button size="small" variant="secondary" disabled={readOnly} data-testid="make-live" onClick={() => void makeLive()}>
                {t('sidebar.publishing.makeLive')}
              </Button>
            )}
          </div>
        )}
      </section>

      {section === 'mapUrl' && (
        <section className={styles.group}>
          <label className={styles.field}>
            <span className={styles.label}>{t('sidebar.publishing.fields.url')}</span>
            <input
              className={styles.wide}
              value={value('url', publication.url)}
              disabled={readOnly || !canPublish}
              data-testid="publication-url"
              spellCheck={false}
              onChange={(e) => {
                set({ url: e.target.value.trim().toLowerCase() });
              }}
            />
          </label>
          <p className={styles.note}>{t('sidebar.publishing.urlHint')}</p>
          {address && (
            <p className={styles.note}>
              <a href={address} target="_blank" rel="noreferrer" data-testid="public-link">
                {address}
              </a>
            </p>
          )}
        </section>
      )}

      {section === 'mapAccess' && (
        <section className={styles.group}>
          <fieldset className={styles.group} disabled={readOnly || !canPublish}>
            <legend className={styles.legend}>{t('sidebar.publishing.fields.access_mode')}</legend>
            {ACCESS_MODES.map((mode) => (
              <label key={mode} className={styles.check}>
                <input
                  type="radio"
                  name="access_mode"
                  value={mode}
                  checked={value('access_mode', publication.access_mode) === mode}
                  data-testid={`access-${mode}`}
                  onChange={() => {
                    set({ access_mode: mode });
                  }}
                />
                {t(`sidebar.publishing.access.${mode}`)}
              </label>
            ))}
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={value('embed_only', publication.embed_only)}
                data-testid="embed-only"
                onChange={(e) => {
                  set({ embed_only: e.target.checked });
                }}
              />
              {t('sidebar.publishing.fields.embed_only')}
            </label>
            <label className={styles.field}>
              <span className={styles.label}>{t('sidebar.publishing.fields.embed_domains')}</span>
              <textarea
                className={styles.wide}
                rows={4}
                value={value('embed_domains', (publication.embed_domains ?? []).join('\n'))}
                data-testid="embed-domains"
                spellCheck={false}
                onChange={(e) => {
                  set({ embed_domains: e.target.value });
                }}
              />
            </label>
            <p className={styles.note}>{t('sidebar.publishing.domainsHint')}</p>
          </fieldset>
        </section>
      )}

      {section === 'seo' && (
        <section className={styles.group}>
          <label className={styles.field}>
            <span className={styles.label}>{t('sidebar.publishing.fields.seo_title')}</span>
            <input
              className={styles.wide}
              value={value('seo_title', publication.seo_title)}
              maxLength={120}
              disabled={readOnly}
              data-testid="seo-title"
              onChange={(e) => {
                set({ seo_title: e.target.value });
              }}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{t('sidebar.publishing.fields.seo_description')}</span>
            <textarea
              className={styles.wide}
              rows={4}
              maxLength={300}
              value={value('seo_description', publication.seo_description)}
              disabled={readOnly}
              data-testid="seo-description"
              onChange={(e) => {
                set({ seo_description: e.target.value });
              }}
            />
          </label>
          <p className={styles.note} data-testid="seo-count">
            {t('sidebar.publishing.seoCount', { count: seoLength })}
          </p>
          <p className={styles.note}>{t('sidebar.publishing.seoLive')}</p>
        </section>
      )}

      {section === 'embedCode' && (
        <section className={styles.group}>
          {address ? (
            <>
              <textarea className={styles.wide} rows={5} readOnly value={embedSnippet(address, mapName)} data-testid="embed-code" />
              <div className={styles.buttons}>
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() => {
                    navigator.clipboard.writeText(embedSnippet(address, mapName)).then(
                      () => {
                        toasts.success(t('sidebar.publishing.copied'));
                      },
                      () => {
                        toasts.error(t('sidebar.publishing.copyFailed'));
                      },
                    );
                  }}
                >
                  {t('sidebar.publishing.copy')}
                </Button>
              </div>
            </>
          ) : (
            <p className={styles.note}>{t('sidebar.publishing.noAddress')}</p>
          )}
        </section>
      )}

      {problem && (
        <p className={styles.problem} role="alert" data-testid="publishing-problem">
          {problem}
        </p>
      )}
      {section !== 'embedCode' && (
        <div className={styles.buttons}>
          <Button
            size="small"
            disabled={readOnly || !dirty}
            data-testid="publication-save"
            onClick={() => void run(() => patchPublication(mapId, draft), t('sidebar.publishing.saved'))}
          >
            {t('sidebar.publishing.save')}
          </Button>
        </div>
      )}
    </PanelFrame>
  );
}

/** One part of publishing per side-menu option: its address, access, search engines or embedding. */
export function PublishingPanel({ store, option, publication, canPublish, isAdmin, sectionHolder, closePanel }: PanelProps) {
  if (!isPublishingSection(option)) return null;
  return (
    <PublishingSidebar
      key={option}
      source={publication}
      revision={store.revision}
      mapName={store.map.name}
      section={option}
      canPublish={canPublish}
      isAdmin={isAdmin}
      lockedBy={sectionHolder}
      onClose={closePanel}
    />
  );
}

function isPublishingSection(id: string): id is PublishingSection {
  return id === 'mapUrl' || id === 'mapAccess' || id === 'seo' || id === 'embedCode';
}
