import { readFileSync } from 'node:fs';
import { ServiceName } from '@sdd/contracts';
import { TestSystem } from '@sdd/testing';

const POLL_MS = 1000;

/** A process's peak resident memory so far in MB (the kernel's high-water mark, VmHWM), or undefined once it is gone. */
function peakResidentMb(pid: number): number | undefined {
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/**
 * Each app's peak resident memory over a drill: every second, the high-water
 * mark of its current process (a restarted app's new process included), so a
 * peak is missed only in a process's last second.
 */
export class PeakMemoryWatch {
  private readonly peaks = new Map<ServiceName, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly system: TestSystem,
    private readonly apps: readonly ServiceName[] = Object.values(ServiceName),
  ) {
    this.timer = setInterval(() => this.read(), POLL_MS);
    this.timer.unref();
  }

  private read(): void {
    for (const app of this.apps) {
      const pid = this.system.pidOf(app);
      const mb = pid === undefined ? undefined : peakResidentMb(pid);
      if (mb !== undefined) this.peaks.set(app, Math.max(mb, this.peaks.get(app) ?? 0));
    }
  }

  /** Stops watching; each app's peak in whole MB. */
  stop(): Record<string, number> {
    clearInterval(this.timer);
    this.read();
    return Object.fromEntries([...this.peaks].map(([app, mb]) => [app, Math.round(mb)]));
  }
}
