import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { BaseConfig } from '@sdd/common';

/**
 * The processor's keys are per mode: test-mode requests only ever use the
 * test keys. STRIPE_API_HOST/PORT/PROTOCOL point the official SDK at the
 * local Stripe-compatible server (development and tests); unset, it talks to Stripe.
 */
export class PaymentServiceConfig extends BaseConfig {
  /** Where merchants and their customers reach the gateway: checkout URLs and onboarding return URLs start with it. */
  @Matches(/^https?:\/\/[^/]+$/, { message: 'PUBLIC_BASE_URL must be an http(s) origin without a path' })
  PUBLIC_BASE_URL = 'http://localhost:3000';

  @IsOptional()
  @Matches(/^sk_test_\S+$/, { message: 'STRIPE_TEST_SECRET_KEY must be a test secret key (sk_test_…)' })
  STRIPE_TEST_SECRET_KEY?: string;

  @IsOptional()
  @Matches(/^pk_test_\S+$/, { message: 'STRIPE_TEST_PUBLISHABLE_KEY must be a test publishable key (pk_test_…)' })
  STRIPE_TEST_PUBLISHABLE_KEY?: string;

  @IsOptional()
  @IsString()
  STRIPE_TEST_WEBHOOK_SECRET?: string;

  @IsOptional()
  @Matches(/^sk_live_\S+$/, { message: 'STRIPE_LIVE_SECRET_KEY must be a live secret key (sk_live_…)' })
  STRIPE_LIVE_SECRET_KEY?: string;

  @IsOptional()
  @Matches(/^pk_live_\S+$/, { message: 'STRIPE_LIVE_PUBLISHABLE_KEY must be a live publishable key (pk_live_…)' })
  STRIPE_LIVE_PUBLISHABLE_KEY?: string;

  @IsOptional()
  @IsString()
  STRIPE_LIVE_WEBHOOK_SECRET?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9.-]+$/, { message: 'STRIPE_API_HOST must be a host name' })
  STRIPE_API_HOST?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  STRIPE_API_PORT?: number;

  @IsOptional()
  @IsIn(['http', 'https'])
  STRIPE_API_PROTOCOL?: 'http' | 'https';

  /**
   * Where a customer's browser reaches the local Stripe-compatible server,
   * when that differs from where this service does (docker compose).
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^/]+$/, { message: 'STRIPE_API_BROWSER_URL must be an http(s) origin without a path' })
  STRIPE_API_BROWSER_URL?: string;

  /** How long a delivery's claim on a checkout holds unless the delivery confirms it. */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  CHECKOUT_CLAIM_HOLD_MS = 60_000;

  /** How often one replica settles lapsed checkout claims. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  CHECKOUT_RECONCILE_INTERVAL_MS = 15_000;

  /** How long a checkout can be paid and used (decisions.md, Money: 24 hours); shorter only in tests. */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  CHECKOUT_VALIDITY_MS = 24 * 3600_000;

  /** How often one replica closes expired checkouts: their intent cancelled, or an unused payment refunded. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  CHECKOUT_EXPIRY_INTERVAL_MS = 60_000;

  /** How often one replica makes the transfers and refunds still owed. */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  MONEY_MOVEMENT_INTERVAL_MS = 2_000;
}
