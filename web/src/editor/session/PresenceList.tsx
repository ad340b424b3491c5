// Who is here: the editors on this map as avatars in the toolbar, in their visitor colours.
import { useTranslation } from 'react-i18next';
import type { Visitor } from '../../api/live';
import { visitorCss, visitorTextCss } from './colors';
import styles from '../Editor.module.css';

/** Avatars shown side by side; more editors than this are counted in one chip. */
const PRESENCE_SHOWN = 5;

export function PresenceList({ self, others }: { self: Visitor | null; others: readonly Visitor[] }) {
  const { t } = useTranslation();
  const all = self ? [self, ...others] : others;
  // A crowd keeps the toolbar's width: the first few by face, the rest as "+N" named on hover.
  const shown = all.length > PRESENCE_SHOWN ? all.slice(0, PRESENCE_SHOWN - 1) : all;
  const rest = all.slice(shown.length);
  return (
    <ul className={styles.presence} aria-label={t('editor.presence.label')} data-testid="presence">
      {shown.map((v) => (
        <li
          key={v.id}
          className={styles.avatar}
          style={{ background: visitorCss(v.color), color: visitorTextCss(v.color) }}
          title={v === self ? t('editor.presence.you', { name: v.name }) : v.name}
          data-testid="presence-avatar"
        >
          {v.initials}
        </li>
      ))}
      {rest.length > 0 && (
        <li
          className={[styles.avatar, styles.avatarMore].join(' ')}
          title={t('editor.presence.more', { count: rest.length, names: rest.map((v) => v.name).join(', ') })}
          data-testid="presence-more"
        >
          +{rest.length}
        </li>
      )}
    </ul>
  );
}
