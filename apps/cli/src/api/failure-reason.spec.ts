import { failureReason } from './failure-reason';

describe('failureReason', () => {
  it("prefers the cause's code, then its message, then the error's own", () => {
    expect(failureReason(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' } }))).toBe('ECONNREFUSED');
    expect(failureReason(Object.assign(new TypeError('fetch failed'), { cause: new Error('other side closed') }))).toBe('other side closed');
    expect(failureReason(new Error('The operation was aborted due to timeout'))).toBe('The operation was aborted due to timeout');
    expect(failureReason('odd')).toBe('odd');
  });
});
