import { Module } from '@nestjs/common';
import { ProcessorEventsController } from './processor-events.controller';

@Module({ controllers: [ProcessorEventsController] })
export class ProcessorEventsModule {}
