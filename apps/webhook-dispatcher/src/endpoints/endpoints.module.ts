import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { CreateEndpointHandler } from './create-endpoint.handler';
import { DeleteEndpointHandler } from './delete-endpoint.handler';
import { EndpointsController } from './endpoints.controller';
import { ListEndpointsHandler } from './list-endpoints.handler';
import { RotateSecretHandler } from './rotate-secret.handler';
import { ScopedEndpointRepository } from './scoped-endpoint.repository';
import { UpdateEndpointHandler } from './update-endpoint.handler';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { WebhookUrlGuard } from './webhook-url.guard';

/** Merchants' webhook endpoints: the dispatcher owns them, as it is the one that calls them. */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookEndpointEntity])],
  controllers: [EndpointsController],
  providers: [
    ScopedEndpointRepository,
    CreateEndpointHandler,
    ListEndpointsHandler,
    UpdateEndpointHandler,
    DeleteEndpointHandler,
    RotateSecretHandler,
    WebhookUrlGuard,
    { provide: CLOCK, useValue: systemClock },
  ],
  exports: [ScopedEndpointRepository],
})
export class EndpointsModule {}
