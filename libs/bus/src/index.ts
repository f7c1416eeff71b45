export * from './bus.options';
export * from './bus.context';
export * from './bus.client';
export * from './bus.server';
export * from './bus-exception.filter';
export * from './bus-client.module';
export * from './bus-handler.decorator';
export * from './delivery-event-batch';
