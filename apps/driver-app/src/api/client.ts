import { createSessionClient } from '@sdd/web';
import type { components, paths } from './schema';

export type Schemas = components['schemas'];

/** The one client of the driver API, authenticated by the session cookie (Path=/v1/driver); GET /v1/driver/sessions/current gives the CSRF token again after a reload. */
export const { api, setCsrfToken } = createSessionClient<paths>({ credentials: 'same-origin' });
