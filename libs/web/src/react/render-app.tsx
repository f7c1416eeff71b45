import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryCache, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';

/**
 * The web apps' query client: one retry, refetched when the window comes back. With
 * `sessionQueryKey`, a 401 on any query means the session ended (signed out elsewhere,
 * expired, or its token revoked): that query is set to null, so the app shows its sign-in.
 */
export function createQueryClient(options: { sessionQueryKey?: QueryKey } = {}): QueryClient {
  const { sessionQueryKey } = options;
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (sessionQueryKey && error instanceof ApiError && error.status === 401) queryClient.setQueryData(sessionQueryKey, null);
      },
    }),
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } },
  });
  return queryClient;
}

/** Renders a web app into the page's #root, in strict mode, with its query client. */
export function renderApp(queryClient: QueryClient, app: ReactNode): void {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>{app}</QueryClientProvider>
    </StrictMode>,
  );
}
