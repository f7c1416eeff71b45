import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import { Pattern, ProcessorEventRequest } from '@sdd/contracts';
import { ReceiveProcessorEventHandler } from './receive-processor-event.handler';

@Controller()
export class ProcessorEventsController {
  constructor(private readonly receive: ReceiveProcessorEventHandler) {}

  @BusHandler(Pattern.ReceiveProcessorEvent)
  handle(@Payload() request: ProcessorEventRequest): Promise<{ received: boolean }> {
    return this.receive.execute(request);
  }
}
