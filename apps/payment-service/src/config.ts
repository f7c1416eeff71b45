import { BaseConfig } from '@sdd/common';

export class PaymentServiceConfig extends BaseConfig {}
