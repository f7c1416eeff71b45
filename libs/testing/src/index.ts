export * from './test-env';
export * from './redis-cleanup';
export * from './wait-for';
export * from './infra';
export * from './free-port';
export * from './system';
export * from './webhook-receiver';
export * from './repo-root';
