export * from './tokens';
export * from './bootstrap';
export * from './service-runtime.module';
export * from './readiness';
export * from './http-logger';
export * from './request-id';
export * from './migrate-command';
export * from './fastify-adapter';
