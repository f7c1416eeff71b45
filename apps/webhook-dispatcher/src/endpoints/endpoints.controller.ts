import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import {
  CreateWebhookRequest,
  ListWebhooksRequest,
  Pattern,
  RotateWebhookSecretRequest,
  UpdateWebhookRequest,
  WebhookRecordList,
  WebhookRef,
  WebhookRecord,
  WebhookWithSecretRecord,
} from '@sdd/contracts';
import { CreateEndpointHandler } from './create-endpoint.handler';
import { DeleteEndpointHandler } from './delete-endpoint.handler';
import { ListEndpointsHandler } from './list-endpoints.handler';
import { RotateSecretHandler } from './rotate-secret.handler';
import { UpdateEndpointHandler } from './update-endpoint.handler';

@Controller()
export class EndpointsController {
  constructor(
    private readonly createEndpoint: CreateEndpointHandler,
    private readonly listEndpoints: ListEndpointsHandler,
    private readonly updateEndpoint: UpdateEndpointHandler,
    private readonly deleteEndpoint: DeleteEndpointHandler,
    private readonly rotateSecret: RotateSecretHandler,
  ) {}

  @BusHandler(Pattern.CreateWebhook)
  create(@Payload() request: CreateWebhookRequest): Promise<WebhookWithSecretRecord> {
    return this.createEndpoint.execute(request);
  }

  @BusHandler(Pattern.ListWebhooks)
  list(@Payload() request: ListWebhooksRequest): Promise<WebhookRecordList> {
    return this.listEndpoints.execute(request);
  }

  @BusHandler(Pattern.UpdateWebhook)
  update(@Payload() request: UpdateWebhookRequest): Promise<WebhookRecord> {
    return this.updateEndpoint.execute(request);
  }

  @BusHandler(Pattern.DeleteWebhook)
  delete(@Payload() request: WebhookRef): Promise<{ id: string }> {
    return this.deleteEndpoint.execute(request);
  }

  @BusHandler(Pattern.RotateWebhookSecret)
  rotate(@Payload() request: RotateWebhookSecretRequest): Promise<WebhookWithSecretRecord> {
    return this.rotateSecret.execute(request);
  }
}
