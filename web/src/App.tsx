import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './api';
import { AppRouter } from './AppRouter';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>
  );
}
