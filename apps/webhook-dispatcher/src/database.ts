import { MigrationInterface } from 'typeorm';
import { CreateEndpoints1763800600000 } from './migrations/1763800600000-create-endpoints';

/** This service's own schema (before DB_SCHEMA_PREFIX); no other service reads it. */
export const SCHEMA = 'webhooks';

/** In the order they apply. Never edit one that has shipped: add a new one. */
export const MIGRATIONS: Array<new () => MigrationInterface> = [CreateEndpoints1763800600000];
