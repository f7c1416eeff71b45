import { BaseConfig } from '@sdd/common';

export class WebhookDispatcherConfig extends BaseConfig {}
