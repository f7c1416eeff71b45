/** Delays before the 2nd, 3rd and 4th (last) attempt of an event to an endpoint (decisions.md, Webhooks). */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [60_000, 600_000, 3_600_000];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** The receiver must answer 2xx within this. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
