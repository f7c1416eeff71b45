import { MigrationInterface } from 'typeorm';
import { CreateEndpoints1763800600000 } from './migrations/1763800600000-create-endpoints';
import { CreateEvents1763800700000 } from './migrations/1763800700000-create-events';
import { AddPreviousSecret1764001400000 } from './migrations/1764001400000-add-previous-secret';
import { AddDeliveryRounds1764001410000 } from './migrations/1764001410000-add-delivery-rounds';
import { AddEventSequence1764001500000 } from './migrations/1764001500000-add-event-sequence';
import { RenameMessageDestinations1764002200000 } from './migrations/1764002200000-rename-message-destinations';
import { AddEndpointFailingRun1765620000000 } from './migrations/1765620000000-add-endpoint-failing-run';
import { IndexRetainedEventsByAge1765630000100 } from './migrations/1765630000100-index-retained-events-by-age';
import { AddAttemptResponseExcerpt1766000210000 } from './migrations/1766000210000-add-attempt-response-excerpt';
import { AddEventStreamPosition1766001200000 } from './migrations/1766001200000-add-event-stream-position';
import { IndexEndpointFailures1766001900000 } from './migrations/1766001900000-index-endpoint-failures';

/** This service's own schema (before DB_SCHEMA_PREFIX); no other service reads it. */
export const SCHEMA = 'webhooks';

/** In the order they apply. Never edit one that has shipped: add a new one. */
export const MIGRATIONS: Array<new () => MigrationInterface> = [
  CreateEndpoints1763800600000,
  CreateEvents1763800700000,
  AddPreviousSecret1764001400000,
  AddDeliveryRounds1764001410000,
  AddEventSequence1764001500000,
  RenameMessageDestinations1764002200000,
  AddEndpointFailingRun1765620000000,
  IndexRetainedEventsByAge1765630000100,
  AddAttemptResponseExcerpt1766000210000,
  AddEventStreamPosition1766001200000,
  IndexEndpointFailures1766001900000,
];
