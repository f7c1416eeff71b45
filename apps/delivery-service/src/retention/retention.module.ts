import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { OutboxModule } from '../outbox/outbox.module';
import { RetentionPurger } from './retention.purger';

/** Bounds the tables that grow with every delivery but are not its record. */
@Module({ imports: [OutboxModule], providers: [RetentionPurger, { provide: CLOCK, useValue: systemClock }] })
export class RetentionModule {}
