import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { RetentionPurger } from './retention.purger';

/** Bounds the tables that grow with every delivery but are not its record. */
@Module({ providers: [RetentionPurger, { provide: CLOCK, useValue: systemClock }] })
export class RetentionModule {}
