import { BaseConfig } from '@sdd/common';

export class QuoteServiceConfig extends BaseConfig {}
