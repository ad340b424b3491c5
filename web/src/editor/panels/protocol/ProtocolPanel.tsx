// The map protocol (account-area §2, §6: admins only): the change log newest first, who changed
// what and when, a page at a time.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Node } from '../../../api/document';
import { ApiError } from '../../../api/http';
import { getProtocol, type ProtocolEntry } from '../../../api/publishing';
import { currentLanguage } from '../../../i18n';
import { formatDateTime } from '../../../i18n/format';
import { Button } from '../../../layout/Button';
import { toasts } from '../../../layout/toasts';
import { appendPage, takenDown, titlesOf, whatParts, type WhatPart } from './protocol';
import styles from '../kit/Panel.module.css';
import type { PanelProps } from '../types';
import { PanelFrame } from '../kit/PanelFrame';

const PAGE = 50;
/** How long the map must be quiet before the newest changes are read. */
const FOLLOW_MS = 800;

type ProtocolLoad =
  { state: 'loading' } | { state: 'failed'; forbidden: boolean } | { state: 'ready'; entries: ProtocolEntry[]; next: number | null };

export function ProtocolSidebar({
  mapId,
  revision,
  nodeNow,
  languages,
  onClose,
}: {
  mapId: number;
  revision: number;
  /** A node as the map has it now (its current title is shown), or undefined once removed. */
  nodeNow: (id: number) => Pick<Node, 'content'> | undefined;
  /** The reader's languages, first choice first: the canvas's, then the interface's. */
  languages: readonly (string | undefined)[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [load, setLoad] = useState<ProtocolLoad>({ state: 'loading' });
  const [more, setMore] = useState(false);
  const language = currentLanguage();
  const loaded = useRef(false);

  // The first page follows the map: a change made while the panel is open shows at its top (read
  // once things are quiet, not for every move of a drag).
  useEffect(() => {
    const abort = new AbortController();
    const read = () =>
      getProtocol(mapId, { limit: PAGE }, abort.signal).then(
        (page) => {
          loaded.current = true;
          setLoad((now) =>
            now.state === 'ready'
              ? { ...now, entries: appendPage(page.entries, now.entries) }
              : { state: 'ready', entries: page.entries, next: page.next_before },
          );
        },
        (err: unknown) => {
          if (abort.signal.aborted) return;
          setLoad((now) => (now.state === 'ready' ? now : { state: 'failed', forbidden: err instanceof ApiError && err.status === 403 }));
        },
      );
    const timer = setTimeout(() => void read(), loaded.current ? FOLLOW_MS : 0);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [mapId, revision]);

  const loadMore = async (before: number) => {
    setMore(true);
    try {
      const page = await getProtocol(mapId, { before, limit: PAGE });
      setLoad((now) =>
        now.state === 'ready' ? { state: 'ready', entries: appendPage(now.entries, page.entries), next: page.next_before } : now,
      );
    } catch {
      toasts.error(t('sidebar.protocol.moreFailed'));
    } finally {
      setMore(false);
    }
  };

  const part = (p: WhatPart) =>
    p.kind === 'count' ? t(`sidebar.protocol.what.${p.key}`, { count: p.count }) : t(`sidebar.protocol.what.${p.key}`);

  return (
    <PanelFrame title={t('editor.menu.options.protocol')} testId="protocol-sidebar" onClose={onClose}>
      {load.state === 'loading' && <p className={styles.note}>{t('sidebar.protocol.loading')}</p>}
      {load.state === 'failed' && (
        <p className={styles.note} role="alert">
          {load.forbidden ? t('sidebar.protocol.forbidden') : t('sidebar.protocol.loadFailed')}
        </p>
      )}
      {load.state === 'ready' && load.entries.length === 0 && <p className={styles.note}>{t('sidebar.protocol.empty')}</p>}
      {load.state === 'ready' && load.entries.length > 0 && (
        <ol className={styles.protocolList} data-testid="protocol-list">
          {load.entries.map((e) => {
            const parts = whatParts(e.what);
            const titles = titlesOf(e.what, nodeNow, languages);
            return (
              <li
                key={e.revision}
                className={styles.protocolRow}
                data-testid="protocol-entry"
                data-revision={e.revision}
                data-type={e.type}
              >
                <span className={styles.protocolHead}>
                  <span className={styles.protocolType} data-testid="protocol-type">
                    {takenDown(e) ? t('sidebar.protocol.takenDown') : t(`sidebar.protocol.types.${e.type}`)}
                  </span>
                  <span className={styles.hint}>#{e.revision}</span>
                </span>
                <span className={styles.hint} data-testid="protocol-who">
                  {formatDateTime(e.created_at, language)} · {e.user ? e.user.name : t('sidebar.protocol.nobody')}
                </span>
                {parts.length > 0 && (
                  <span className={styles.versionText} data-testid="protocol-what">
                    {parts.map(part).join(' · ')}
                  </span>
                )}
                {titles.length > 0 && (
                  <span className={styles.versionText} data-testid="protocol-titles">
                    {titles.map((title) => t('sidebar.protocol.title', { title })).join(', ')}
                  </span>
                )}
                {e.version && (
                  <span className={styles.versionText}>
                    {e.version.name
                      ? t('sidebar.protocol.version', { name: e.version.name })
                      : t('sidebar.protocol.versionUnnamed', { id: e.version.id })}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {load.state === 'ready' && load.next !== null && (
        <div className={styles.buttons}>
          <Button
            size="small"
            variant="secondary"
            busy={more}
            data-testid="protocol-more"
            onClick={() => {
              if (load.next !== null) void loadMore(load.next);
            }}
          >
            {t('sidebar.protocol.loadMore')}
          </Button>
        </div>
      )}
    </PanelFrame>
  );
}

export function ProtocolPanel({ store, canvasLanguage, closePanel }: PanelProps) {
  const { i18n } = useTranslation();
  return (
    <ProtocolSidebar
      mapId={store.mapId}
      revision={store.revision}
      nodeNow={(id) => store.getNode(id)}
      languages={[canvasLanguage, i18n.language]}
      onClose={closePanel}
    />
  );
}
