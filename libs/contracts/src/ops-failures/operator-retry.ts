/**
 * What an operator's retry does to a piece of work that may have failed (a
 * money movement, a recipient notification): a failed one goes back to be
 * tried at once; one already put back and not settled yet is left as it is
 * (the same retry sent twice changes nothing); anything else was never failed
 * or has succeeded since, and is refused.
 */
export type OperatorRetryOutcome = 'requeue' | 'already_requeued' | 'not_failed';

export function operatorRetryOutcome({ status, retries }: { status: string; retries: number }): OperatorRetryOutcome {
  if (status === 'failed') return 'requeue';
  if (status === 'pending' && retries > 0) return 'already_requeued';
  return 'not_failed';
}
