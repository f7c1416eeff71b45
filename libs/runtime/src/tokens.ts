/** The validated configuration object of the running app. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** A Redis connection for health checks and short commands (not for blocking reads). */
export const REDIS = Symbol('REDIS');

/** Which of the five apps this process is. */
export const SERVICE_NAME = Symbol('SERVICE_NAME');
