import { BaseConfig } from '@sdd/common';

export class DeliveryServiceConfig extends BaseConfig {}
