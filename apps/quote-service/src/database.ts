import { MigrationInterface } from 'typeorm';
import { CreateQuotes1763800200000 } from './migrations/1763800200000-create-quotes';
import { AddQuoteClaims1763910000010 } from './migrations/1763910000010-add-quote-claims';
import { OneAddressShape1765000100000 } from './migrations/1765000100000-one-address-shape';
import { DropQuotesScopeIndex1765500000000 } from './migrations/1765500000000-drop-quotes-scope-index';
import { AddQuoteFeeBreakdown1766001000000 } from './migrations/1766001000000-add-quote-fee-breakdown';

/** This service's own schema (before DB_SCHEMA_PREFIX); no other service reads it. */
export const SCHEMA = 'quotes';

/** In the order they apply. Never edit one that has shipped: add a new one. */
export const MIGRATIONS: Array<new () => MigrationInterface> = [
  CreateQuotes1763800200000,
  AddQuoteClaims1763910000010,
  OneAddressShape1765000100000,
  DropQuotesScopeIndex1765500000000,
  AddQuoteFeeBreakdown1766001000000,
];
