import styles from '../../overview/Account.module.css';

/** A user's name (or address) over their address, as the lists of users show them. */
export function UserCell({ user }: { user: { name: string; email: string } }) {
  return (
    <td>
      <strong>{user.name || user.email}</strong>
      <br />
      <span className={styles.meta}>{user.email}</span>
    </td>
  );
}
