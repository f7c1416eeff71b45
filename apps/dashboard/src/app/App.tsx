import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { Layout } from '../components/Layout';
import { QueryState } from '../components/QueryState';
import { ApiKeysPage } from '../features/api-keys/ApiKeysPage';
import { useSession } from '../features/auth/session';
import { SessionContext } from '../features/auth/SessionContext';
import { SignedOutPages } from '../features/auth/SignedOutPages';
import { DeliveriesPage } from '../features/deliveries/DeliveriesPage';
import { DeliveryPage } from '../features/deliveries/DeliveryPage';
import { MoneyPage } from '../features/money/MoneyPage';
import { RequestLogPage } from '../features/request-logs/RequestLogPage';
import { RequestLogsPage } from '../features/request-logs/RequestLogsPage';
import { TeamPage } from '../features/team/TeamPage';
import { WebhooksPage } from '../features/webhooks/WebhooksPage';

const router = createBrowserRouter(
  [
    {
      element: <Layout />,
      children: [
        { index: true, element: <Navigate to="/deliveries" replace /> },
        { path: 'deliveries', element: <DeliveriesPage /> },
        { path: 'deliveries/:deliveryId', element: <DeliveryPage /> },
        { path: 'webhooks', element: <WebhooksPage /> },
        { path: 'money', element: <MoneyPage /> },
        { path: 'api-keys', element: <ApiKeysPage /> },
        { path: 'team', element: <TeamPage /> },
        { path: 'requests', element: <RequestLogsPage /> },
        { path: 'requests/:requestLogId', element: <RequestLogPage /> },
        { path: '*', element: <Navigate to="/deliveries" replace /> },
      ],
    },
  ],
  { basename: '/dashboard' },
);

/** Signed out: the sign-in page at any address; signed in: the pages. */
export function App() {
  const session = useSession();
  return (
    <QueryState query={session}>
      {(signedIn) =>
        signedIn ? (
          <SessionContext.Provider value={signedIn}>
            <RouterProvider router={router} />
          </SessionContext.Provider>
        ) : (
          <SignedOutPages />
        )
      }
    </QueryState>
  );
}
