import { TimedAnswer } from './answer-log';
import { httpRequest, NoAnswer, RawAnswer } from './http-client';
import { isRetryable, Outcome, outcomeLabel, retryAfterMsOf, retryDelayMs } from './retry-policy';
import { setTimeout as sleep } from 'node:timers/promises';

export type Json = Record<string, unknown>;

export interface Answer {
  outcome: Outcome;
  /** The JSON body; empty when there was no answer or it was not JSON. */
  body: Json;
  /** From sending the request to its whole body read (or giving up). */
  elapsedMs: number;
  /** Whether the answer had a Retry-After header. */
  retryAfter: boolean;
  /** The wait it asked for, when it had one that reads. */
  retryAfterMs?: number;
}

/** A route without its ids and query, e.g. `GET /v1/deliveries/{id}`. */
export function routeOf(method: string, path: string): string {
  return `${method} ${path.replace(/\?.*$/, '').replace(/\/(del|evt|wh|qt)_[^/]+/g, '/{id}')}`;
}

function increment(counts: Map<string, number>, label: string): void {
  counts.set(label, (counts.get(label) ?? 0) + 1);
}

const sorted = (counts: Map<string, number>) => Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));

/** Every answer the drill got, by status (`timeout` and `connection_error` for none); 5xx also by route. */
export class StatusTally {
  private readonly counts = new Map<string, number>();
  private readonly errorRoutes = new Map<string, number>();
  /** Every answer with its time, for the overload drill's verdict. */
  readonly answers: TimedAnswer[] = [];

  record(outcome: Outcome, route: string, timing?: Omit<TimedAnswer, 'outcome'>): void {
    if (timing) this.answers.push({ outcome, ...timing });
    const label = outcomeLabel(outcome);
    increment(this.counts, label);
    if ('status' in outcome && outcome.status >= 500) increment(this.errorRoutes, `${label} ${route}`);
  }

  histogram(): Record<string, number> {
    return sorted(this.counts);
  }

  /** Why connections failed, e.g. `ECONNRESET`, `UND_ERR_SOCKET other side closed`: what closed them tells what to fix. */
  readonly connectionErrorCauses: Record<string, number> = {};

  connectionErrorCause(cause: string): void {
    this.connectionErrorCauses[cause] = (this.connectionErrorCauses[cause] ?? 0) + 1;
  }

  /** 5xx answers by status and route, e.g. `500 POST /v1/quotes`. */
  serverErrors(): Record<string, number> {
    return sorted(this.errorRoutes);
  }
}

/** A merchant's HTTP client that times out, never throws, and retries like a careful integration. */
export class CarefulMerchant {
  constructor(
    private readonly baseUrl: string,
    private readonly key: string | undefined,
    private readonly tally: StatusTally,
    private readonly timeoutMs: number,
  ) {}

  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const answer = await this.call(method, path, body, headers);
    this.tally.record(answer.outcome, routeOf(method, path), { at: Date.now(), elapsedMs: answer.elapsedMs, retryAfter: answer.retryAfter });
    return answer;
  }

  /** Sends the same request (same headers, so the same Idempotency-Key) until its answer is final or `deadline` passed. */
  async persist(method: string, path: string, body: unknown, headers: Record<string, string>, deadline: number): Promise<Answer> {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await this.send(method, path, body, headers);
      if (!isRetryable(answer.outcome) || Date.now() >= deadline) return answer;
      await sleep(Math.min(retryDelayMs(attempt, answer.retryAfterMs), Math.max(0, deadline - Date.now())));
    }
  }

  private async call(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
    const sentAt = performance.now();
    const elapsed = () => performance.now() - sentAt;
    let answer: RawAnswer;
    try {
      answer = await httpRequest(
        `${this.baseUrl}${path}`,
        method,
        {
          ...(this.key ? { authorization: `Bearer ${this.key}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body === undefined ? undefined : JSON.stringify(body),
        this.timeoutMs,
      );
    } catch (error) {
      const cause = error instanceof NoAnswer ? error.reason : (error as Error).message;
      if (cause !== 'timeout') this.tally.connectionErrorCause(cause);
      return { outcome: { failure: cause === 'timeout' ? 'timeout' : 'connection_error' }, body: {}, elapsedMs: elapsed(), retryAfter: false };
    }
    const elapsedMs = elapsed();
    let parsed: Json = {};
    try {
      parsed = JSON.parse(answer.text) as Json;
    } catch {
      // A body that is not JSON (a proxy's page, say) still has its status counted.
    }
    const code = (parsed.error as { code?: string } | undefined)?.code;
    const retryAfterMs = retryAfterMsOf(answer.retryAfter);
    return {
      outcome: { status: answer.status, ...(code ? { code } : {}) },
      body: parsed,
      elapsedMs,
      retryAfter: answer.retryAfter !== undefined,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  }
}
