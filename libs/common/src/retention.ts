/**
 * When a retained row may go: rows are kept for a retention (seconds) and
 * purged once older, except what is still needed, which each purge's query
 * states. Pure, so the cutoffs are tested apart from the SQL.
 */
export function retentionCutoff(now: Date, retentionSeconds: number): Date {
  return new Date(now.getTime() - retentionSeconds * 1000);
}

export interface WebhookEventCutoffs {
  /** Events created before this may go once none of their destinations is pending. */
  purgeBefore: Date;
  /** ...and, when one of them failed for good, only before this one: the merchant may still recover it. */
  failedBefore: Date;
}

/**
 * A webhook event past its retention goes unless it still waits for an
 * attempt (pending) or it failed within the recover window
 * (`recoverWindowMs`, 7 days): a retention shorter than that window never
 * takes away a failure the merchant may still send again.
 */
export function webhookEventCutoffs(now: Date, retentionSeconds: number, recoverWindowMs: number): WebhookEventCutoffs {
  const purgeBefore = retentionCutoff(now, retentionSeconds);
  const recoverable = new Date(now.getTime() - recoverWindowMs);
  return { purgeBefore, failedBefore: recoverable < purgeBefore ? recoverable : purgeBefore };
}
