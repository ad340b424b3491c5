import styles from '../Editor.module.css';

/**
 * The editor's first Tab stop: past the toolbar and the side menu straight to the canvas. It
 * moves the focus itself, as a change of the address's #fragment would be a navigation to the router.
 */
export function SkipLink({ target, label }: { target: string; label: string }) {
  return (
    <a
      className={styles.skipLink}
      href={`#${target}`}
      data-testid="skip-to-canvas"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(target)?.focus();
      }}
    >
      {label}
    </a>
  );
}
