import { createQueryClient, renderApp } from '@sdd/web/react';
import { App } from './app/App';
import { registerServiceWorker } from './pwa/register-service-worker';
import './styles.css';

// A 401 also when the operator rotated or revoked the driver's token: back to sign-in.
renderApp(createQueryClient({ sessionQueryKey: ['session'] }), <App />);
registerServiceWorker();
