/** The validated configuration object of the running app. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** A Redis connection for health checks and short commands (not for blocking reads). */
export const REDIS = Symbol('REDIS');
