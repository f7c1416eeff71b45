import type { INestApplication, LoggerService } from '@nestjs/common';
import { Lifecycle } from './lifecycle';
import { watchParent } from './parent-watch';

/**
 * Below the 30 s grace period of Kubernetes and of docker-compose
 * (`stop_grace_period`), so we finish before being killed. It covers the
 * drain delay too.
 */
export const SHUTDOWN_TIMEOUT_MS = 25_000;

export interface ShutdownOptions {
  /**
   * Time between readiness failing and the listeners closing, for load
   * balancers to notice; 0 for apps no load balancer sends requests to.
   */
  drainMs?: number;
  /** Also stop when the parent process is gone (EXIT_WITH_PARENT, set by `npm start`). */
  exitWithParent?: boolean;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * On SIGTERM/SIGINT (or the parent's death, when asked): readiness fails at
 * once while requests are still served, then after `drainMs` the app closes — listeners stop accepting,
 * running requests and jobs finish, connections close — and the process
 * exits 0. Exits 1 if that takes longer than SHUTDOWN_TIMEOUT_MS.
 */
export function exitGracefullyOnSignals(app: INestApplication, logger: LoggerService, service: string, { drainMs = 0, exitWithParent = false }: ShutdownOptions = {}): void {
  let closing = false;
  const shutdown = (reason: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${service} ${reason}, shutting down${drainMs > 0 ? ` after a ${drainMs} ms drain` : ''}`);
    const timer = setTimeout(() => {
      logger.error(`${service} did not stop within ${SHUTDOWN_TIMEOUT_MS} ms, exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.get(Lifecycle).startDraining();
    delay(drainMs)
      .then(() => {
        app.get(Lifecycle).startClosing();
        return app.close();
      })
      .then(() => {
        logger.log(`${service} stopped`);
        process.exit(0);
      })
      .catch((error: Error) => {
        logger.error(`${service} failed to stop cleanly: ${error.message}`);
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('received SIGTERM'));
  process.once('SIGINT', () => shutdown('received SIGINT'));
  if (exitWithParent) watchParent(() => shutdown('lost its parent process'));
}
