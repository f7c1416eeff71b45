import { MigrationInterface } from 'typeorm';
import { CreateMerchants1763800000000 } from './migrations/1763800000000-create-merchants';
import { CreateIdempotencyKeys1763800400000 } from './migrations/1763800400000-create-idempotency-keys';
import { ScopeIdempotencyKeys1763910000030 } from './migrations/1763910000030-scope-idempotency-keys';
import { AddApiKeyLifecycle1764001100000 } from './migrations/1764001100000-add-api-key-lifecycle';
import { OneMerchantAddressShape1765000100030 } from './migrations/1765000100030-one-merchant-address-shape';
import { CreateMembers1765800000000 } from './migrations/1765800000000-create-members';
import { CreateRequestLogs1766000000000 } from './migrations/1766000000000-create-request-logs';
import { CreateDriverSessions1766000300000 } from './migrations/1766000300000-create-driver-sessions';
import { CreateOpsSessions1766000400000 } from './migrations/1766000400000-create-ops-sessions';
import { IndexDriverSessionsByEnd1766000700100 } from './migrations/1766000700100-index-driver-sessions-by-end';

/** The gateway's own schema (before DB_SCHEMA_PREFIX): merchants and API keys live here. */
export const SCHEMA = 'gateway';

/** In the order they apply. Never edit one that has shipped: add a new one. */
export const MIGRATIONS: Array<new () => MigrationInterface> = [
  CreateMerchants1763800000000,
  CreateIdempotencyKeys1763800400000,
  ScopeIdempotencyKeys1763910000030,
  AddApiKeyLifecycle1764001100000,
  OneMerchantAddressShape1765000100030,
  CreateMembers1765800000000,
  CreateRequestLogs1766000000000,
  CreateDriverSessions1766000300000,
  CreateOpsSessions1766000400000,
  IndexDriverSessionsByEnd1766000700100,
];
