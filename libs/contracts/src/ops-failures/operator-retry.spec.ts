import { operatorRetryOutcome } from './operator-retry';

describe('operatorRetryOutcome', () => {
  it('puts a failed one back, whether or not it was retried before', () => {
    expect(operatorRetryOutcome({ status: 'failed', retries: 0 })).toBe('requeue');
    expect(operatorRetryOutcome({ status: 'failed', retries: 3 })).toBe('requeue');
  });

  it('leaves one an operator already put back, while it is still pending', () => {
    expect(operatorRetryOutcome({ status: 'pending', retries: 1 })).toBe('already_requeued');
  });

  it('refuses one that never failed, and one that succeeded since', () => {
    expect(operatorRetryOutcome({ status: 'pending', retries: 0 })).toBe('not_failed');
    expect(operatorRetryOutcome({ status: 'paid', retries: 1 })).toBe('not_failed');
    expect(operatorRetryOutcome({ status: 'sent', retries: 0 })).toBe('not_failed');
  });
});
