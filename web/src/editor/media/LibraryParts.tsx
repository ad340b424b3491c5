// The library's smaller parts: the storage and limits line, the uploads with their progress and
// errors, and one asset's tile in the grid.
import { useTranslation } from 'react-i18next';
import { DomainMediaType as MEDIA_TYPES } from '../../api/constants';
import { isPicture, mediaFileUrl, type MediaAsset, type MediaStats } from '../../api/media';
import { mediaErrorText } from './mediaErrors';
import { formatBytes, quotaPercent } from './mediaFormat';
import type { UploadItem, UploadQueue } from './uploadQueue';
import styles from './Media.module.css';

export function StatsLine({ stats }: { stats: MediaStats }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const used = formatBytes(stats.used_bytes, lang);
  const percent = quotaPercent(stats.used_bytes, stats.quota_bytes);
  return (
    <div className={styles.stats} data-testid="media-stats">
      <span className={styles.statsTitle}>{t('media.stats.title')}</span>
      <span data-testid="media-quota">
        {stats.quota_bytes === null || percent === null
          ? t('media.stats.usedNoQuota', { used })
          : t('media.stats.used', { used, quota: formatBytes(stats.quota_bytes, lang), percent })}
      </span>
      {percent !== null && <meter className={styles.meter} min={0} max={100} low={80} high={95} optimum={0} value={percent} />}
      <span className={styles.statsTitle}>{t('media.stats.limits')}</span>
      <ul className={styles.limits} data-testid="media-limits">
        {MEDIA_TYPES.map((type) => (
          <li key={type} data-testid={`media-limit-${type}`}>
            {t('media.stats.limit', { type: t(`media.types.${type}`), max: formatBytes(stats.limits[type], lang) })}
          </li>
        ))}
      </ul>
      <span>{t('media.stats.hevc')}</span>
    </div>
  );
}

export function UploadList({ items, queue }: { items: readonly UploadItem[]; queue: UploadQueue }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return null;
  const anyDone = items.some((i) => i.state === 'done');
  return (
    <section aria-label={t('media.uploads.title')}>
      <ul className={styles.uploads} data-testid="media-uploads">
        {items.map((item) => {
          const percent = item.size > 0 ? Math.floor((item.loaded / item.size) * 100) : 0;
          const running = item.state === 'waiting' || item.state === 'uploading';
          return (
            <li key={item.id} className={styles.upload} data-testid="media-upload" data-state={item.state}>
              <span className={styles.uploadName} title={item.name}>
                {item.name}
              </span>
              <span>
                {item.state === 'waiting' && t('media.uploads.waiting')}
                {item.state === 'uploading' && (
                  <progress className={styles.progress} max={100} value={percent} aria-label={t('media.uploads.progress', { percent })} />
                )}
                {item.state === 'done' && <span className={styles.uploadDone}>{t('media.uploads.done')}</span>}
                {item.state === 'failed' && <span className={styles.small}>{formatBytes(item.size, i18n.language)}</span>}
              </span>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={t(running ? 'media.uploads.cancel' : 'media.uploads.dismiss', { name: item.name })}
                title={t(running ? 'media.uploads.cancel' : 'media.uploads.dismiss', { name: item.name })}
                onClick={() => {
                  if (running) queue.cancel(item.id);
                  else queue.dismiss(item.id);
                }}
              >
                ×
              </button>
              {item.error && (
                <p className={styles.uploadError} role="alert" data-testid="media-upload-error">
                  {mediaErrorText(t, item.error, i18n.language)}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {anyDone && (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            queue.clearDone();
          }}
        >
          {t('media.uploads.clearDone')}
        </button>
      )}
    </section>
  );
}

/** A small picture of the asset (its 256-px variant), or its type's name when it has none. */
export function Thumbnail({ asset }: { asset: MediaAsset }) {
  const { t } = useTranslation();
  return isPicture(asset) ? (
    <img src={mediaFileUrl(asset, 256)} alt="" loading="lazy" decoding="async" />
  ) : (
    <span>{t(`media.types.${asset.type}`)}</span>
  );
}

export function AssetTile({
  asset,
  selected,
  onClick,
  onDoubleClick,
}: {
  asset: MediaAsset;
  selected: boolean;
  onClick: () => void;
  onDoubleClick?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const title = asset.metadata.title || asset.name;
  return (
    <button
      type="button"
      className={[styles.tile, selected && styles.tileOn].filter(Boolean).join(' ')}
      aria-pressed={selected}
      data-testid="media-tile"
      data-key={asset.key}
      title={asset.name}
      onClick={onClick}
      onDoubleClick={onDoubleClick}
    >
      <span className={styles.thumb}>
        <Thumbnail asset={asset} />
      </span>
      <span className={styles.tileText}>
        <span className={styles.tileName}>{title}</span>
        <span className={styles.tileMeta}>
          {t(`media.types.${asset.type}`)} · {formatBytes(asset.size, i18n.language)}
        </span>
      </span>
    </button>
  );
}
