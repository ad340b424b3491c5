// The media library (account-area §3, map-editor §2): the client's assets as a grid of thumbnails
// with search and filters, the storage use and the limit per type, uploads by button or by dropping
// files on it, an asset's details, and the media templates. Opened from the side menu to manage the
// library, or by a media field in choosing mode (choose sets the field, cancel changes nothing).
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getMediaStats,
  listMedia,
  listMediaTemplates,
  mediaKeys,
  type MediaAsset,
  type MediaContainer,
  type MediaType,
} from '../../api/media';
import { LockNotice, type LockHolder } from '../panels/kit/PanelFrame';
import { DomainMediaContainer as CONTAINERS, DomainMediaType as MEDIA_TYPES } from '../../api/constants';
import { AssetTile, StatsLine, UploadList } from './LibraryParts';
import { listQueryOf, isFiltered, NO_FILTER, type LibraryFilter } from './libraryQuery';
import type { ChooseRequest } from './mediaChooser';
import { MediaDetails } from './MediaDetails';
import { MediaTemplates } from './MediaTemplates';
import { useMediaUploads } from './useMediaUploads';
import { useModalDialog } from '../../layout/useModalDialog';
import styles from './Media.module.css';

export type LibraryView = { kind: 'grid' } | { kind: 'details'; key: string } | { kind: 'templates' };

/** Whether a drag carries files (not text or a link dragged from the page). */
const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

interface MediaLibraryProps {
  clientName: string;
  /** Choosing mode: the field that asked, and what to do with the chosen asset. */
  choosing?: ChooseRequest;
  /** The view it opens on (the side menu's "media templates" opens on the templates). */
  startView?: 'grid' | 'templates';
  /** Another editor holds the library's lock: it can be looked at, not changed. */
  lockedBy?: LockHolder | null;
  onClose: () => void;
}

export function MediaLibrary({ clientName, choosing, startView = 'grid', lockedBy = null, onClose }: MediaLibraryProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const readOnly = lockedBy !== null;
  const [view, setView] = useState<LibraryView>({ kind: startView });
  const [filter, setFilter] = useState<LibraryFilter>(() => {
    const only = choosing?.types?.length === 1 ? choosing.types[0] : undefined;
    return only ? { ...NO_FILTER, type: only } : NO_FILTER;
  });
  // The search words go out a moment after typing stops, not at every key.
  const [words, setWords] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter((f) => (f.q === words ? f : { ...f, q: words }));
    }, 250);
    return () => {
      clearTimeout(timer);
    };
  }, [words]);
  const [selected, setSelected] = useState<MediaAsset | null>(null);
  const [template, setTemplate] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const stats = useQuery({ queryKey: mediaKeys.stats(clientName), queryFn: ({ signal }) => getMediaStats(clientName, signal) });
  const templates = useQuery({
    queryKey: mediaKeys.templates(clientName),
    queryFn: ({ signal }) => listMediaTemplates(clientName, signal),
  });
  const query = listQueryOf(filter);
  const list = useInfiniteQuery({
    queryKey: mediaKeys.list(clientName, query),
    queryFn: ({ pageParam, signal }) => listMedia(clientName, query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  // In choosing mode an asset uploaded in place is the one chosen, ready to be used.
  const choosingMode = choosing !== undefined;
  const onUploaded = useCallback(
    (asset: MediaAsset) => {
      if (choosingMode) setSelected(asset);
    },
    [choosingMode],
  );
  const { queue, items } = useMediaUploads(clientName, onUploaded);
  const upload = (files: FileList | null) => {
    if (!files || files.length === 0 || readOnly) return;
    queue.add([...files], stats.data?.limits ?? null, template);
  };

  const assets = list.data?.pages.flatMap((p) => p.media) ?? [];
  const choose = (asset: MediaAsset) => {
    choosing?.onChoose(asset);
  };

  const grid = (
    <>
      <div className={styles.toolbar}>
        <label className={`${styles.field} ${styles.search}`}>
          {t('media.library.search')}
          <input
            type="search"
            className={styles.input}
            value={words}
            placeholder={t('media.library.searchPlaceholder')}
            data-testid="media-search"
            onChange={(e) => {
              setWords(e.target.value);
            }}
          />
        </label>
        <label className={styles.field}>
          {t('media.library.type')}
          <select
            className={styles.select}
            value={filter.type}
            data-testid="media-filter-type"
            onChange={(e) => {
              setFilter({ ...filter, type: e.target.value as MediaType | '' });
            }}
          >
            <option value="">{t('media.library.allTypes')}</option>
            {MEDIA_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`media.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {t('media.library.container')}
          <select
            className={styles.select}
            value={filter.container}
            data-testid="media-filter-container"
            onChange={(e) => {
              setFilter({ ...filter, container: e.target.value as MediaContainer | '' });
            }}
          >
            <option value="">{t('media.library.allContainers')}</option>
            {CONTAINERS.map((c) => (
              <option key={c} value={c}>
                {t(`media.containers.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {t('media.uploads.template')}
          <select
            className={styles.select}
            value={template === null ? '' : String(template)}
            disabled={readOnly}
            data-testid="media-upload-template"
            onChange={(e) => {
              setTemplate(e.target.value === '' ? null : Number(e.target.value));
            }}
          >
            <option value="">{t('media.uploads.noTemplate')}</option>
            {(templates.data ?? []).map((tpl) => (
              <option key={tpl.id} value={tpl.id}>
                {tpl.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={styles.primary}
          disabled={readOnly}
          data-testid="media-upload-button"
          onClick={() => fileInput.current?.click()}
        >
          {t('media.library.upload')}
        </button>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="media-file-input"
          onChange={(e) => {
            upload(e.target.files);
            e.target.value = '';
          }}
        />
        {!choosing && (
          <button
            type="button"
            className={styles.button}
            data-testid="media-templates-button"
            onClick={() => {
              setView({ kind: 'templates' });
            }}
          >
            {t('media.library.templatesButton')}
          </button>
        )}
      </div>
      {stats.data && <StatsLine stats={stats.data} />}
      <UploadList items={items} queue={queue} />
      {list.isPending ? (
        <p className={styles.note}>{t('media.library.loading')}</p>
      ) : list.isError ? (
        <p className={styles.alert} role="alert">
          {t('media.library.loadFailed')}
        </p>
      ) : assets.length === 0 ? (
        <p className={styles.empty} data-testid="media-empty">
          {isFiltered(filter) ? t('media.library.noneFound') : t('media.library.empty')}
        </p>
      ) : (
        <ul className={styles.grid} aria-label={t('media.library.grid')} data-testid="media-grid">
          {assets.map((asset) => (
            <li key={asset.key}>
              <AssetTile
                asset={asset}
                selected={selected?.key === asset.key}
                onClick={() => {
                  if (choosing) setSelected(asset);
                  else setView({ kind: 'details', key: asset.key });
                }}
                onDoubleClick={
                  choosing
                    ? () => {
                        choose(asset);
                      }
                    : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <div className={styles.more}>
          <button type="button" className={styles.button} disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('media.library.more')}
          </button>
        </div>
      )}
    </>
  );

  const body =
    view.kind === 'details' ? (
      <MediaDetails
        clientName={clientName}
        assetKey={view.key}
        readOnly={readOnly}
        onBack={() => {
          setView({ kind: 'grid' });
        }}
      />
    ) : view.kind === 'templates' ? (
      <MediaTemplates
        clientName={clientName}
        readOnly={readOnly}
        onBack={() => {
          setView({ kind: 'grid' });
        }}
      />
    ) : (
      grid
    );

  const onDrop = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    setDragging(false);
    upload(e.dataTransfer.files);
  };
  const content = (
    <>
      <header className={styles.header}>
        <div>
          <h2 id={titleId} className={styles.title}>
            {choosing ? t('media.library.chooseTitle') : view.kind === 'templates' ? t('media.templates.title') : t('media.library.title')}
          </h2>
          {choosing && <p className={styles.hint}>{t('media.library.chooseHint', { field: choosing.field })}</p>}
        </div>
        <span className={styles.spacer} />
        <button type="button" className={styles.close} aria-label={t('media.library.close')} data-testid="media-close" onClick={onClose}>
          ×
        </button>
      </header>
      <div
        className={styles.body}
        data-testid="media-drop-zone"
        onDragOver={(e) => {
          if (!carriesFiles(e) || view.kind !== 'grid' || readOnly) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={(e) => {
          if (e.currentTarget === e.target) setDragging(false);
        }}
        onDrop={onDrop}
      >
        {lockedBy && <LockNotice holder={lockedBy} />}
        {body}
        {dragging && <div className={styles.dropOverlay}>{t('media.library.dropHere')}</div>}
      </div>
      {choosing && (
        <footer className={styles.footer}>
          <button type="button" className={styles.button} data-testid="media-choose-cancel" onClick={onClose}>
            {t('media.library.cancel')}
          </button>
          <button
            type="button"
            className={styles.primary}
            disabled={selected === null}
            data-testid="media-choose"
            onClick={() => {
              if (selected) choose(selected);
            }}
          >
            {t('media.library.choose')}
          </button>
        </footer>
      )}
    </>
  );
  return choosing ? (
    <ChooserDialog labelledBy={titleId} onClose={onClose}>
      {content}
    </ChooserDialog>
  ) : (
    <section data-over-map="" className={styles.panel} aria-labelledby={titleId} data-testid="media-library">
      {content}
    </section>
  );
}

/** The library as a modal dialog over the field's sidebar (Escape is cancel). */
function ChooserDialog({ labelledBy, onClose, children }: { labelledBy: string; onClose: () => void; children: ReactNode }) {
  const { ref, onCancel } = useModalDialog(onClose);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={labelledBy}
      data-testid="media-library"
      data-choosing="true"
      onCancel={onCancel}
    >
      {children}
    </dialog>
  );
}
