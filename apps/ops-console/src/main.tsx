import { createQueryClient, renderApp } from '@sdd/web/react';
import { App } from './app/App';
import './styles.css';

renderApp(createQueryClient({ sessionQueryKey: ['session'] }), <App />);
