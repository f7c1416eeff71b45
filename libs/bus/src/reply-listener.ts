import { Logger } from '@nestjs/common';
import type { BusReply } from './bus-wire-format';
import { createBlockingConnection } from './redis-connection';
import type { RedisConnection } from '@sdd/common';

/** Replies read per round trip when many are waiting. */
const BATCH = 500;
/** Seconds a read blocks; bounds how long close() waits for the loop. */
const BLOCK_SECONDS = 1;

/**
 * The one reader of this client process's reply list. Every in-flight request
 * shares it; replies are matched to callers by request id. A Redis list (not
 * pub/sub) keeps replies that arrive while the connection is re-established.
 */
export class ReplyListener {
  private readonly logger = new Logger(ReplyListener.name);
  private readonly redis: RedisConnection;
  private running = false;
  private loop?: Promise<void>;

  constructor(
    redisUrl: string,
    readonly key: string,
    private readonly onReply: (reply: BusReply) => void,
  ) {
    this.redis = createBlockingConnection(redisUrl, `bus-replies`);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.redis.disconnect();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const popped = await this.redis.blmpop(BLOCK_SECONDS, 1, this.key, 'LEFT', 'COUNT', BATCH);
        if (!popped) continue;
        for (const raw of popped[1]) this.dispatch(raw);
      } catch (error) {
        if (!this.running) return;
        this.logger.warn(`reply listener read failed, retrying: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  private dispatch(raw: string): void {
    let reply: BusReply;
    try {
      reply = JSON.parse(raw) as BusReply;
    } catch {
      this.logger.error('discarded a reply that is not JSON');
      return;
    }
    this.onReply(reply);
  }
}
