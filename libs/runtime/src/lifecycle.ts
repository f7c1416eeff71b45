import { Injectable } from '@nestjs/common';

/**
 * How far this process is in stopping. Draining: readiness fails, so a load
 * balancer stops sending work, while requests still arriving are served (a
 * refusal would only make the merchant retry). Closing: the listeners stop
 * accepting and what is already here finishes; a request that still reaches
 * the process then is refused.
 */
@Injectable()
export class Lifecycle {
  private drainingSince: number | null = null;
  private closingSince: number | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  get closing(): boolean {
    return this.closingSince !== null;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }

  startClosing(): void {
    this.startDraining();
    this.closingSince ??= Date.now();
  }
}
