import { createSessionClient } from '@sdd/web';
import type { paths } from './schema';

export type Mode = 'test' | 'live';

/** The mode every call of the signed-in dashboard carries (Dashboard-Mode), as the toggle set it. */
let mode: Mode = 'test';

export function setApiMode(next: Mode): void {
  mode = next;
}

/** The one client of the public API, authenticated by the session cookie, with the chosen mode on every call. */
export const { api, setCsrfToken } = createSessionClient<paths>({ credentials: 'include', alwaysHeaders: () => ({ 'Dashboard-Mode': mode }) });
