import type { INestApplication, LoggerService } from '@nestjs/common';

/** Below Kubernetes' default 30 s grace period, so we finish before being killed. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

/**
 * On SIGTERM/SIGINT: stop accepting work, let running jobs and requests
 * finish (app.close drains the bus workers), close connections, exit 0.
 * Exits 1 if that takes too long.
 */
export function exitGracefullyOnSignals(app: INestApplication, logger: LoggerService, service: string): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.log(`${service} received ${signal}, shutting down`);
    const timer = setTimeout(() => {
      logger.error(`${service} did not stop within ${SHUTDOWN_TIMEOUT_MS} ms, exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app
      .close()
      .then(() => {
        logger.log(`${service} stopped`);
        process.exit(0);
      })
      .catch((error: Error) => {
        logger.error(`${service} failed to stop cleanly: ${error.message}`);
        process.exit(1);
      });
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
