import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Providers } from './providers';
import { AppRoutes } from './routes';

/** The console; `queryClient` is the one main.tsx has already asked the first route's data with. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <Providers {...(queryClient ? { queryClient } : {})}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
