import { MigrationInterface } from 'typeorm';
import { CreateMerchantAccounts1763800700000 } from './migrations/1763800700000-create-merchant-accounts';
import { CreateCheckouts1765100000000 } from './migrations/1765100000000-create-checkouts';
import { RecordRefunds1765540000000 } from './migrations/1765540000000-record-refunds';
import { ListCheckouts1766000100000 } from './migrations/1766000100000-list-checkouts';
import { RecordMovementFailures1766000500000 } from './migrations/1766000500000-record-movement-failures';
import { RecordCheckoutPaidAt1766000800000 } from './migrations/1766000800000-record-checkout-paid-at';

/** This service's own schema (before DB_SCHEMA_PREFIX); no other service reads it. */
export const SCHEMA = 'payments';

/** In the order they apply. Never edit one that has shipped: add a new one. */
export const MIGRATIONS: Array<new () => MigrationInterface> = [
  CreateMerchantAccounts1763800700000,
  CreateCheckouts1765100000000,
  RecordRefunds1765540000000,
  ListCheckouts1766000100000,
  RecordMovementFailures1766000500000,
  RecordCheckoutPaidAt1766000800000,
];
