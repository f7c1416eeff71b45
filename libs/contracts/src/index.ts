export * from './services';
export * from './queues';
export * from './patterns';
export * from './events';
export * from './errors';
export * from './bus-messages';
export * from './health';
