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
import { EndpointsHandlers } from './endpoints.handlers';
import { RotateSecretHandler } from './rotate-secret.handler';

@Controller()
export class EndpointsController {
  constructor(
    private readonly handlers: EndpointsHandlers,
    private readonly rotateSecret: RotateSecretHandler,
  ) {}

  @BusHandler(Pattern.CreateWebhook)
  create(@Payload() request: CreateWebhookRequest): Promise<WebhookWithSecretRecord> {
    return this.handlers.create(request);
  }

  @BusHandler(Pattern.ListWebhooks)
  list(@Payload() request: ListWebhooksRequest): Promise<WebhookRecordList> {
    return this.handlers.list(request);
  }

  @BusHandler(Pattern.UpdateWebhook)
  update(@Payload() request: UpdateWebhookRequest): Promise<WebhookRecord> {
    return this.handlers.update(request);
  }

  @BusHandler(Pattern.DeleteWebhook)
  delete(@Payload() request: WebhookRef): Promise<{ id: string }> {
    return this.handlers.delete(request);
  }

  @BusHandler(Pattern.RotateWebhookSecret)
  rotate(@Payload() request: RotateWebhookSecretRequest): Promise<WebhookWithSecretRecord> {
    return this.rotateSecret.execute(request);
  }
}
