import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, ErrorType } from '@sdd/contracts';
import { AppError, RedisConnection } from '@sdd/common';
import { APP_CONFIG, REDIS } from '@sdd/runtime';
import type { GatewayConfig } from '../config';
import { isAllowed, retryAfterSeconds, windowAt } from '../rate-limit/rate-limit';
import { RateLimiter } from '../rate-limit/rate-limiter';

/** Sign-in attempts are counted per quarter hour. */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

/** A refused attempt: 429, and how long to wait. */
export class SignInThrottled extends AppError {
  constructor(readonly retryAfter: number) {
    super(429, ErrorType.RateLimit, ErrorCode.RateLimitExceeded, `Too many sign-in attempts: try again in ${retryAfter} seconds.`);
  }
}

/**
 * Counts sign-in attempts per email address and per client IP, in Redis so
 * every replica shares the count. Every attempt counts, right or wrong: the
 * answer must not tell which. Redis down refuses sign-in (503) rather than
 * let guessing go uncounted.
 */
@Injectable()
export class SignInThrottle {
  private readonly limiter: RateLimiter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(REDIS) redis: RedisConnection,
  ) {
    this.limiter = new RateLimiter(redis, config.BUS_PREFIX);
  }

  /**
   * Counts this attempt against the client IP and, when it names one, the
   * email; throws SignInThrottled when either is over its budget.
   */
  async admit(attempt: { ip: string; email?: string }): Promise<void> {
    const now = Date.now();
    const window = windowAt(now, SIGN_IN_WINDOW_SECONDS);
    const budgets = [{ identity: `sign-in-ip:${attempt.ip}`, limit: this.config.DASHBOARD_SIGN_IN_ATTEMPTS_PER_IP }];
    if (attempt.email !== undefined) {
      const emailHash = createHash('sha256').update(attempt.email.trim().toLowerCase()).digest('hex');
      budgets.push({ identity: `sign-in-email:${emailHash}`, limit: this.config.DASHBOARD_SIGN_IN_ATTEMPTS_PER_EMAIL });
    }
    let counts: number[];
    try {
      counts = await Promise.all(budgets.map((budget) => this.limiter.hit(budget.identity, window)));
    } catch {
      throw AppError.serviceUnavailable('Sign-in is unavailable for a moment. Retry later.');
    }
    if (budgets.some((budget, i) => !isAllowed(budget.limit, counts[i]))) throw new SignInThrottled(retryAfterSeconds(now, window.end));
  }
}
