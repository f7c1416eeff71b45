import { HealthChange } from '../dispatch/endpoint-health.repository';
import type { OutgoingMail } from '@sdd/runtime';

const HOUR_MS = 3600 * 1000;

/** "12 hours", or "40 seconds" when a test shortened the thresholds. */
function lasting(ms: number): string {
  if (ms >= HOUR_MS) return `${Math.round(ms / HOUR_MS)} hours`;
  return `${Math.round(ms / 1000)} seconds`;
}

/**
 * The mail that tells a merchant of a step of auto-disable. Its id names the
 * endpoint, the step and the run, so the same notice sent twice is one mail
 * (one file, one Message-ID).
 */
export function endpointNotice(change: HealthChange, to: string, now: Date, thresholds: { disableAfterMs: number }): OutgoingMail {
  const { endpoint, run } = change;
  const since = run.failingSince as Date;
  const id = `whn_${endpoint.id}_${change.kind}_${since.getTime()}`;
  const where = `${endpoint.mode} mode webhook ${endpoint.id} (${endpoint.url})`;
  const record = `${run.failures} of its ${run.attempts} attempts since ${since.toISOString()} failed.`;
  if (change.kind === 'warned') {
    return {
      id,
      to,
      subject: `Your webhook endpoint has been failing for ${lasting(now.getTime() - since.getTime())}`,
      text:
        `Your ${where} has been failing since ${since.toISOString()}: ${record}\n\n` +
        `Events keep waiting for their retries and arrive once the endpoint answers again. If it is still failing ` +
        `${lasting(thresholds.disableAfterMs)} after its failures began, it will be disabled.\n`,
    };
  }
  return {
    id,
    to,
    subject: 'Your webhook endpoint has been disabled',
    text:
      `Your ${where} was disabled at ${now.toISOString()}: it had been failing since ${since.toISOString()}. ${record}\n\n` +
      `Re-enable it with PATCH /v1/webhooks/${endpoint.id} {"active": true}, then send what failed again with ` +
      `POST /v1/webhooks/${endpoint.id}/recover.\n`,
  };
}
