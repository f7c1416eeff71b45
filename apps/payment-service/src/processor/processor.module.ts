import { Global, Module } from '@nestjs/common';
import { PAYMENT_PROCESSOR, paymentProcessorProvider } from './payment-processor';

/** One processor port for the whole app: its SDK clients keep their connections. */
@Global()
@Module({ providers: [paymentProcessorProvider], exports: [PAYMENT_PROCESSOR] })
export class ProcessorModule {}
