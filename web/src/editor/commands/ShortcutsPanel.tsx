import { Fragment, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { wheelZoomsSetting } from '../../map';
import { COMMAND_GROUPS } from './commandTable';
import { shortcutRows } from './shortcutRows';
import styles from '../Editor.module.css';

export function ShortcutsPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const wheelZooms = useSyncExternalStore(wheelZoomsSetting.subscribe, wheelZoomsSetting.get);
  const rows = shortcutRows(t);
  return (
    <aside className={styles.help} aria-label={t('editor.shortcuts.title')} data-testid="shortcuts-panel">
      <header className={styles.panelHeader}>
        <h2 className={styles.panelTitle}>{t('editor.shortcuts.title')}</h2>
        <button type="button" className={styles.panelClose} aria-label={t('dialog.close')} onClick={onClose}>
          ×
        </button>
      </header>
      <div className={styles.keyGroups}>
        {COMMAND_GROUPS.map((group) => (
          <section key={group}>
            <h3 className={styles.keyGroupTitle}>{t(`editor.shortcuts.groups.${group}`)}</h3>
            <dl className={styles.keys}>
              {rows
                .filter((r) => r.group === group)
                .map((r) => (
                  <div key={`${r.keys.join()} ${r.what}`} className={styles.keyRow} data-command={r.command}>
                    <dt>
                      {r.keys.map((k, i) => (
                        <Fragment key={k}>
                          {i > 0 && ' / '}
                          <kbd>{k}</kbd>
                        </Fragment>
                      ))}
                    </dt>
                    <dd>{r.what}</dd>
                  </div>
                ))}
            </dl>
            {group === 'view' && (
              <label className={styles.keySetting} title={t('editor.shortcuts.wheelZoomsHint')}>
                <input
                  type="checkbox"
                  checked={wheelZooms}
                  data-testid="wheel-zooms"
                  onChange={(e) => {
                    wheelZoomsSetting.set(e.target.checked);
                  }}
                />
                {t('editor.shortcuts.wheelZooms')}
              </label>
            )}
          </section>
        ))}
      </div>
    </aside>
  );
}
