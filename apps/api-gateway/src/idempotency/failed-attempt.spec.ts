import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { failedAttempt } from './failed-attempt';

describe('failedAttempt', () => {
  it('stores business refusals', () => {
    expect(failedAttempt(new AppError(409, ErrorType.InvalidRequest, 'quote_already_used', 'used'))).toBe('store');
    expect(failedAttempt(AppError.notFound('No such quote.'))).toBe('store');
    expect(failedAttempt(AppError.invalidRequest('missing_checkout', 'needs a checkout'))).toBe('store');
  });

  it('forgets validation failures and rate limits, which created nothing', () => {
    expect(failedAttempt(AppError.invalidRequest('parameter_invalid', 'bad', 'x'))).toBe('forget');
    expect(failedAttempt(AppError.invalidRequest('parameter_missing', 'missing', 'x'))).toBe('forget');
    expect(failedAttempt(new AppError(429, ErrorType.RateLimit, 'rate_limit_exceeded', 'slow down'))).toBe('forget');
  });

  it('releases the key for a retry when the outcome is unknown', () => {
    expect(failedAttempt(AppError.serviceUnavailable('down'))).toBe('release');
    expect(failedAttempt(AppError.internal())).toBe('release');
    expect(failedAttempt(new Error('connection reset'))).toBe('release');
  });
});
