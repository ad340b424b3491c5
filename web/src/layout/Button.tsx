import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'dangerOutline' | 'ghost';

interface Look {
  variant?: ButtonVariant;
  size?: 'medium' | 'small';
  block?: boolean;
}

function classes({ variant = 'primary', size = 'medium', block = false }: Look, extra?: string): string {
  return [styles.button, styles[variant], size === 'small' && styles.small, block && styles.block, extra].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Look {
  /** Shows a spinner and blocks further clicks while the action runs. */
  busy?: boolean;
}

export function Button({ variant, size, block, busy = false, className, disabled, children, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={classes({ variant, size, block }, className)}
      disabled={disabled === true || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A link that looks like a button. */
export function ButtonLink({ variant, size, block, className, ...rest }: LinkProps & Look) {
  return <Link className={classes({ variant, size, block }, className)} {...rest} />;
}
