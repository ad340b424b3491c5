import type { MapPreview as Preview } from '../../api';
import { previewDots } from './overview';
import styles from './Account.module.css';

const BOX_W = 320;
const BOX_H = 140;

/** A map's preview picture: its nodes where they lie, scaled to fit. */
export function MapPreview({ preview, large = false }: { preview: Preview; large?: boolean }) {
  const dots = previewDots(preview, BOX_W, BOX_H);
  return (
    <svg
      className={large ? styles.previewLarge : styles.preview}
      viewBox={`0 0 ${BOX_W} ${BOX_H}`}
      preserveAspectRatio="xMidYMid meet"
      aria-hidden="true"
      data-testid="map-preview"
    >
      {dots.map((d, i) =>
        d.circle ? (
          <circle key={i} cx={d.cx} cy={d.cy} r={d.r} fill="currentColor" opacity={0.8} />
        ) : (
          <rect
            key={i}
            x={d.cx - d.r * 1.4}
            y={d.cy - d.r}
            width={d.r * 2.8}
            height={d.r * 2}
            rx={1.5}
            fill="currentColor"
            opacity={0.65}
          />
        ),
      )}
    </svg>
  );
}

/** The colours of a palette, as small swatches. */
export function PaletteSwatches({ colors }: { colors: readonly string[] }) {
  return (
    <span className={styles.palette} aria-hidden="true">
      {colors.map((c) => (
        <span key={c} style={{ background: c }} />
      ))}
    </span>
  );
}
