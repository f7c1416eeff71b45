import { MigrationInterface } from 'typeorm';

/** This service's own schema (before DB_SCHEMA_PREFIX); no other service reads it. */
export const SCHEMA = 'quotes';

/** In the order they apply. Never edit one that has shipped: add a new one. */
export const MIGRATIONS: Array<new () => MigrationInterface> = [];
