import { Injectable } from '@nestjs/common';

/**
 * Whether this process has begun to stop. Readiness fails from that moment,
 * before any listener closes, so a load balancer stops sending work while
 * the work already here still finishes.
 */
@Injectable()
export class Lifecycle {
  private drainingSince: number | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }
}
