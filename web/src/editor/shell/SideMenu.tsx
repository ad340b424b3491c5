// The side menu: the editor's options by group, each opening a panel or a mode; an option this
// editor cannot open now says why.
import { useTranslation } from 'react-i18next';
import type { LockElemType } from '../../api/live';
import type { Role } from '../../account/roles';
import { MENU_GROUPS, MENU_OPTIONS, canOpen, optionState, type MenuOption, type MenuOptionId, type OptionState } from '../panels/sideMenu';
import { useTooltip } from './Tooltip';
import styles from '../Editor.module.css';

export function SideMenu({
  role,
  canEdit,
  open,
  sectionLocks,
  onChoose,
}: {
  role: Role | null;
  canEdit: boolean;
  open: MenuOptionId | null;
  sectionLocks: ReadonlyMap<LockElemType, string>;
  onChoose: (id: MenuOptionId) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className={styles.sideMenu} aria-label={t('editor.menu.label')} data-testid="side-menu">
      {MENU_GROUPS.map((group) => (
        <section key={group} className={styles.menuGroup}>
          <h2 className={styles.menuGroupTitle}>{t(`editor.menu.groups.${group}`)}</h2>
          <ul className={styles.menuList}>
            {MENU_OPTIONS.filter((o) => o.group === group).map((option) => {
              const state = optionState(option, role, canEdit, sectionLocks);
              return (
                <li key={option.id}>
                  <MenuItem
                    option={option}
                    state={state}
                    available={canOpen(option, state)}
                    open={open === option.id}
                    onChoose={onChoose}
                  />
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </nav>
  );
}

/**
 * One option of the side menu. One that cannot be opened stays focusable (aria-disabled) and
 * says why in a tooltip that keyboard and touch users see too.
 */
function MenuItem({
  option,
  state,
  available,
  open,
  onChoose,
}: {
  option: MenuOption;
  state: OptionState;
  available: boolean;
  open: boolean;
  onChoose: (id: MenuOptionId) => void;
}) {
  const { t } = useTranslation();
  const why =
    state.kind === 'later'
      ? t('editor.menu.withDesignTools')
      : state.kind === 'needsRole'
        ? t('editor.menu.needsRole', { role: t(`roles.${state.role === 'superuser' ? 'admin' : state.role}`) })
        : state.kind === 'lockedByOther'
          ? t('editor.menu.lockedByOther')
          : '';
  const { trigger, tooltip } = useTooltip(why);
  return (
    <>
      <button
        type="button"
        className={[styles.menuItem, open && styles.menuItemOpen].filter(Boolean).join(' ')}
        aria-disabled={available ? undefined : true}
        aria-pressed={available ? open : undefined}
        data-locked-by={state.kind === 'lockedByOther' ? state.color : undefined}
        data-testid={`menu-${option.id}`}
        style={state.kind === 'lockedByOther' ? { boxShadow: `inset 3px 0 0 ${state.color}` } : undefined}
        {...(why === '' ? {} : trigger)}
        onClick={() => {
          if (available) onChoose(option.id);
        }}
      >
        {state.kind === 'lockedByOther' && <span className={styles.lockDot} style={{ background: state.color }} aria-hidden="true" />}
        {t(`editor.menu.options.${option.label}`)}
      </button>
      {why !== '' && tooltip}
    </>
  );
}
