import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import {
  CreatedWebhookView,
  CreateWebhookRequest,
  DeletedWebhook,
  ListWebhooksRequest,
  Pattern,
  RotateWebhookSecretRequest,
  UpdateWebhookRequest,
  WebhookList,
  WebhookRef,
  WebhookView,
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
  create(@Payload() request: CreateWebhookRequest): Promise<CreatedWebhookView> {
    return this.handlers.create(request);
  }

  @BusHandler(Pattern.ListWebhooks)
  list(@Payload() request: ListWebhooksRequest): Promise<WebhookList> {
    return this.handlers.list(request);
  }

  @BusHandler(Pattern.UpdateWebhook)
  update(@Payload() request: UpdateWebhookRequest): Promise<WebhookView> {
    return this.handlers.update(request);
  }

  @BusHandler(Pattern.DeleteWebhook)
  delete(@Payload() request: WebhookRef): Promise<DeletedWebhook> {
    return this.handlers.delete(request);
  }

  @BusHandler(Pattern.RotateWebhookSecret)
  rotate(@Payload() request: RotateWebhookSecretRequest): Promise<CreatedWebhookView> {
    return this.rotateSecret.execute(request);
  }
}
