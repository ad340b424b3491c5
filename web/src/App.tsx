import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './api';
import { AppRouter } from './AppRouter';
import { LargeScreenGate } from './layout/LargeScreenGate';
import { ToastViewport } from './layout/Toasts';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LargeScreenGate>
        <AppRouter />
        <ToastViewport />
      </LargeScreenGate>
    </QueryClientProvider>
  );
}
