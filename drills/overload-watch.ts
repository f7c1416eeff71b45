import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { CarefulMerchant } from './careful-merchant';
import { PICKUP_ADDRESS, DROPOFF_ADDRESS } from './merchant-load';
import { SheddingTally } from './answer-log';

/** Every answer must come within this, 2xx or a refusal with Retry-After (issue 30). */
export const ANSWER_BOUND_MS = 2000;
/** How soon after the burst latency must be back to its idle figure. */
export const RECOVERY_BOUND_MS = 10_000;

const WARM_UP_PROBES = 5;
const IDLE_PROBES = 15;
const PROBE_GAP_MS = 200;
/** Probes in a row at the idle figure that say the system is back. */
const RECOVERED_RUN = 3;
/** How long after the burst recovery is watched for before it is called never. */
const RECOVERY_WATCH_MS = 60_000;

export interface OverloadFigures {
  offeredPerSecond: number;
  /** The median of a quote's answer time before the burst. */
  idleMs: number;
  /** From the end of the burst until quotes were answered at the idle figure again; null if not within the watch. */
  recoveryMs: number | null;
  shedding: SheddingTally;
  /** The drill's own event-loop delay during the burst (p99 and max, ms): what of the answer times the load generator itself added. */
  generatorDelayMs: { p99: number; max: number };
}

/** "Back to idle": within twice the idle figure, with a floor for the jitter of a few-millisecond answer. */
export function atIdle(elapsedMs: number, idleMs: number): boolean {
  return elapsedMs <= Math.max(2 * idleMs, idleMs + 20);
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The latency a merchant sees, from outside: a quote asked for on its own,
 * before the burst for the idle figure and after it until it is back there.
 */
export class OverloadWatch {
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 10 });

  private constructor(
    private readonly client: CarefulMerchant,
    readonly idleMs: number,
  ) {
    this.loopDelay.enable();
  }

  /** The drill process's own event-loop delay since the watch started; stops measuring. */
  generatorDelay(): { p99: number; max: number } {
    this.loopDelay.disable();
    return { p99: Math.round(this.loopDelay.percentile(99) / 1e6), max: Math.round(this.loopDelay.max / 1e6) };
  }

  static async start(client: CarefulMerchant): Promise<OverloadWatch> {
    const times: number[] = [];
    for (let i = 0; i < WARM_UP_PROBES + IDLE_PROBES; i += 1) {
      const { ok, elapsedMs } = await probe(client);
      if (!ok) throw new Error('a quote failed before the burst: the system is not ready');
      if (i >= WARM_UP_PROBES) times.push(elapsedMs);
      await sleep(PROBE_GAP_MS);
    }
    return new OverloadWatch(client, median(times));
  }

  /** Waits for `burstEnd`, then probes until RECOVERED_RUN answers in a row are at the idle figure: the time from `burstEnd` to the first of them. */
  async recoveryAfter(burstEnd: number): Promise<number | null> {
    await sleep(Math.max(0, burstEnd - Date.now()));
    let runStartedAt: number | null = null;
    let run = 0;
    while (Date.now() < burstEnd + RECOVERY_WATCH_MS) {
      const sentAt = Date.now();
      const { ok, elapsedMs } = await probe(this.client);
      if (ok && atIdle(elapsedMs, this.idleMs)) {
        runStartedAt ??= sentAt;
        run += 1;
        if (run === RECOVERED_RUN) return Math.max(0, runStartedAt - burstEnd);
      } else {
        runStartedAt = null;
        run = 0;
      }
      await sleep(PROBE_GAP_MS);
    }
    return null;
  }
}

async function probe(client: CarefulMerchant): Promise<{ ok: boolean; elapsedMs: number }> {
  const answer = await client.send('POST', '/v1/quotes', { pickup_address: PICKUP_ADDRESS, dropoff_address: DROPOFF_ADDRESS });
  return { ok: 'status' in answer.outcome && answer.outcome.status === 200, elapsedMs: answer.elapsedMs };
}
