export * from './app-error';
export * from './ids';
export * from './clock';
export * from './config';
export * from './request-context';
export * from './logger';
export * from './list-cursor';
export * from './dependency-outage';
