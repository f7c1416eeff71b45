// What the web apps (apps/dashboard, apps/driver-app, apps/ops-console) share without React: errors and the API client.
// Browser code only: nothing of Node or Nest. The React pieces are '@sdd/web/react'.
export * from './api/api-error';
export * from './api/request-headers';
export * from './api/session-client';
