import { Outlet } from 'react-router';
import { TopBar } from './TopBar';
import styles from './AuthenticatedLayout.module.css';

export function AuthenticatedLayout() {
  return (
    <div className={styles.shell}>
      <TopBar />
      <Outlet />
    </div>
  );
}
