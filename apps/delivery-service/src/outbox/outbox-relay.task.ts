import { Injectable } from '@nestjs/common';
import { BackgroundTask } from '@sdd/runtime';
import { OutboxRelay } from './outbox-relay';

/** How often the relay looks even when nobody poked it (events written by another replica, or left by a crash). */
const SWEEP_MS = 1000;

/** Every lane of the outbox relay, every second and at start-up: what no commit of this replica poked. */
@Injectable()
export class OutboxRelayTask extends BackgroundTask {
  constructor(private readonly relay: OutboxRelay) {
    super({ name: 'outbox relay sweep', intervalMs: SWEEP_MS });
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    this.relay.poke();
  }

  protected async pass(): Promise<void> {
    this.relay.poke();
  }
}
