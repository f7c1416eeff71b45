import { IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { LoadSignals } from './admission';

/** How often the event-loop delay is read (and its histogram reset): the delay a request sees is the last window's. */
const SAMPLE_MS = 500;
/** The histogram's sampling resolution, taken off its mean: an idle loop reads ~0, not the resolution. */
const RESOLUTION_MS = 10;

/** The gateway's own load figures, kept current for the admission rule. */
export class LoadMonitor {
  private inFlight = 0;
  private eventLoopDelayMs = 0;
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private readonly sampler: NodeJS.Timeout;

  constructor(private readonly bus: { pendingByService(): Readonly<Record<string, number>>; oldestWaitMs(): number }) {
    this.histogram.enable();
    this.sampler = setInterval(() => this.sample(), SAMPLE_MS);
    this.sampler.unref();
  }

  /** A request admitted: counted until its response is finished or its connection closed. */
  admitted(done: { once(event: 'close', listener: () => void): unknown }): void {
    this.inFlight += 1;
    done.once('close', () => (this.inFlight -= 1));
  }

  signals(): LoadSignals {
    return { inFlight: this.inFlight, busPending: this.bus.pendingByService(), busWaitMs: this.bus.oldestWaitMs(), eventLoopDelayMs: this.eventLoopDelayMs };
  }

  stop(): void {
    clearInterval(this.sampler);
    this.histogram.disable();
  }

  private sample(): void {
    const meanMs = this.histogram.count > 0 ? this.histogram.mean / 1e6 : 0;
    this.eventLoopDelayMs = Math.max(0, meanMs - RESOLUTION_MS);
    this.histogram.reset();
  }
}
