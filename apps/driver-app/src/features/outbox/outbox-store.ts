import { api } from '../../api/client';
import { enqueue, type NewOutboxEntry, type OutboxEntry, replay, type ReplayOutcome, type SendResult } from './outbox';

const STORAGE_KEY = 'driver-outbox';
/** While entries wait, how often a replay is tried besides the browser's `online` event (which a flaky network does not always fire). */
const RETRY_MS = 5000;

function errorOf(body: unknown): { code?: string; message?: string } {
  return (body as { error?: { code?: string; message?: string } } | undefined)?.error ?? {};
}

/** One send to the driver API; a thrown fetch (no connection) is no answer. */
export async function sendEntry(entry: OutboxEntry): Promise<SendResult> {
  try {
    if (entry.kind === 'location') {
      const { response, error } = await api.POST('/v1/driver/location', { body: { lat: entry.lat, lng: entry.lng } });
      return { status: response.status, ...errorOf(error) };
    }
    const { data, response, error } = await api.POST('/v1/driver/deliveries/{deliveryId}/status', {
      params: { path: { deliveryId: entry.deliveryId } },
      body: entry.report,
    });
    return { status: response.status, ...errorOf(error), ...(data ? { deliveryStatus: data.status } : {}) };
  } catch {
    return 'no_answer';
  }
}

/** The outbox kept in localStorage and replayed whenever there is something to send and a chance to send it. */
export class OutboxStore {
  private entries: OutboxEntry[];
  private flushing = false;
  private readonly listeners = new Set<() => void>();
  private readonly replayListeners = new Set<(outcome: ReplayOutcome) => void>();

  constructor(
    private readonly storage: Storage,
    private readonly send: (entry: OutboxEntry) => Promise<SendResult>,
  ) {
    this.entries = this.load();
    window.addEventListener('online', () => void this.flush());
    setInterval(() => void this.flush(), RETRY_MS);
  }

  add(entry: NewOutboxEntry): void {
    this.entries = enqueue(this.entries, { ...entry, id: crypto.randomUUID(), attempted: false });
    this.changed();
    void this.flush();
  }

  /** How many entries wait: what the app shows while offline. */
  readonly pending = (): number => this.entries.length;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** What each replay sent and what was refused, for the screen that shows refusals. */
  onReplayed(listener: (outcome: ReplayOutcome) => void): () => void {
    this.replayListeners.add(listener);
    return () => this.replayListeners.delete(listener);
  }

  async flush(): Promise<void> {
    if (this.flushing || this.entries.length === 0) return;
    this.flushing = true;
    try {
      const snapshot = this.entries;
      const outcome = await replay(snapshot, this.send);
      // Entries added while this replay ran wait behind what is left of it.
      this.entries = [...outcome.remaining, ...this.entries.slice(snapshot.length)];
      this.changed();
      for (const listener of this.replayListeners) listener(outcome);
      if (outcome.remaining.length === 0 && this.entries.length > 0) queueMicrotask(() => void this.flush());
    } finally {
      this.flushing = false;
    }
  }

  private load(): OutboxEntry[] {
    try {
      const stored: unknown = JSON.parse(this.storage.getItem(STORAGE_KEY) ?? '[]');
      return Array.isArray(stored) ? (stored as OutboxEntry[]) : [];
    } catch {
      return [];
    }
  }

  private changed(): void {
    this.storage.setItem(STORAGE_KEY, JSON.stringify(this.entries));
    for (const listener of this.listeners) listener();
  }
}

/** The one outbox of the page: a second would replay the same storage concurrently, out of order. */
export const outbox = new OutboxStore(localStorage, sendEntry);
