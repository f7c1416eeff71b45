import { createQueryClient, renderApp } from '@sdd/web/react';
import { App } from './app/App';
import { ModeProvider } from './features/mode/mode';
import './styles.css';

renderApp(
  createQueryClient(),
  <ModeProvider>
    <App />
  </ModeProvider>,
);
