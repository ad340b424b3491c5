import { AppRouter } from './AppRouter';
import { LargeScreenGate } from './layout/LargeScreenGate';

export function App() {
  return (
    <LargeScreenGate>
      <AppRouter />
    </LargeScreenGate>
  );
}
