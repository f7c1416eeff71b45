import { Module } from '@nestjs/common';
import { PublishedOpenApiDocument } from '../openapi/published-openapi-document';
import { EventTypesController } from './event-types.controller';

@Module({ controllers: [EventTypesController], providers: [PublishedOpenApiDocument] })
export class EventTypesModule {}
