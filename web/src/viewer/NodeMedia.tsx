// A node's media at the top of its popup: a picture, a film (controls, only its metadata loaded
// until played) or a sound, by the asset's content type; another site's link only once the reader
// allows external sources; a GIF still when the map turns GIF animation off. Given a key per
// media by its parent, so that a failure shown is that media's.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaRef, MediaUrl } from '../map';
import { popupMedia } from './mediaView';
import styles from './Viewer.module.css';

interface NodeMediaProps {
  media: MediaRef;
  assetUrl: MediaUrl;
  /** The reader allows other sites' content (cookie consent). */
  external: boolean;
  animateGifs: boolean;
  onAllowExternal: () => void;
  /** Names the picture for those who cannot see it (the node's title). */
  label: string;
}

type TypeAnswer = { key: string; type: string | null } | null;

export function NodeMedia({ media, assetUrl, external, animateGifs, onAllowExternal, label }: NodeMediaProps) {
  const { t } = useTranslation();
  const key = media.kind === 'asset' ? media.key : null;
  // An asset's content type, asked of the server without its bytes (HEAD).
  const [answer, setAnswer] = useState<TypeAnswer>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (key === null) return;
    const abort = new AbortController();
    fetch(assetUrl(key, null), { method: 'HEAD', credentials: 'same-origin', signal: abort.signal }).then(
      (res) => {
        setAnswer({ key, type: res.ok ? res.headers.get('Content-Type') : null });
      },
      () => {
        if (!abort.signal.aborted) setAnswer({ key, type: null });
      },
    );
    return () => {
      abort.abort();
    };
  }, [key, assetUrl]);
  const onError = useCallback(() => {
    setFailed(true);
  }, []);

  const type = answer?.key === key ? answer.type : null;
  const shown = popupMedia(media, assetUrl, type, { external, animateGifs });
  if (!shown) return null;
  if (shown.kind === 'blocked') {
    return (
      <div className={styles.mediaBlocked} data-testid="popup-media-blocked">
        <span>{t('mediaView.blocked')}</span>
        <button type="button" onClick={onAllowExternal}>
          {t('reader.consent.allowExternal')}
        </button>
      </div>
    );
  }
  if (failed) return <p className={styles.mediaFailed}>{t('mediaView.failed')}</p>;
  return (
    <figure className={styles.media} data-testid="popup-media" data-kind={shown.kind}>
      {shown.kind === 'video' && (
        <video controls preload="metadata" src={shown.url} onError={onError} aria-label={label}>
          {t('mediaView.noVideo')}
        </video>
      )}
      {shown.kind === 'audio' && (
        <audio controls preload="metadata" src={shown.url} onError={onError} aria-label={label}>
          {t('mediaView.noAudio')}
        </audio>
      )}
      {shown.kind === 'image' && shown.still && <StillImage url={shown.url} label={label} onError={onError} />}
      {shown.kind === 'image' && !shown.still && <img src={shown.url} alt={label} onError={onError} />}
    </figure>
  );
}

/** A picture's first frame, drawn once on a canvas: a GIF that must not move. */
function StillImage({ url, label, onError }: { url: string; label: string; onError: () => void }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let live = true;
    const img = new Image();
    img.src = url;
    img.decode().then(
      () => {
        const c = ref.current;
        if (!c || !live) return;
        c.width = img.naturalWidth;
        c.height = img.naturalHeight;
        c.getContext('2d')?.drawImage(img, 0, 0);
      },
      () => {
        if (live) onError();
      },
    );
    return () => {
      live = false;
      img.src = '';
    };
  }, [url, onError]);
  return <canvas ref={ref} role="img" aria-label={label} data-still="" />;
}
