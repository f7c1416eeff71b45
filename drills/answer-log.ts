import { Outcome } from './retry-policy';

/** One HTTP answer (or none) as the drill's merchants saw it. */
export interface TimedAnswer {
  outcome: Outcome;
  /** Epoch ms when the answer came (or the request gave up). */
  at: number;
  elapsedMs: number;
  /** Whether a 429 or 503 said when to retry. */
  retryAfter: boolean;
}

/** The answers judged from outside: how long they took and whether a refusal said when to come back. */
export interface AnswerTally {
  answers: number;
  slowestMs: number;
  /** Answers (or give-ups) that took longer than the bound. */
  late: number;
  timeouts: number;
  /** Requests whose connection was closed or refused under them. */
  connectionErrors: number;
  /** 429 and 503 answers without a Retry-After header. */
  refusalsWithoutRetryAfter: number;
}

/** Served and shed, per second of the load, and the throughput when shedding began. */
export interface SheddingTally {
  /** Refusals (503) during the load. */
  shed: number;
  /** Seconds from the start of the load to its first 503; null when none. */
  startedAfterS: number | null;
  /** 2xx answers per second over the 3 s up to and including the first 503's: what the system sustained when it began shedding. */
  servedPerSecondAtStart: number | null;
  /** 2xx answers per second over the seconds with at least one 503: what it sustains while shedding. */
  servedPerSecondWhileShedding: number | null;
}

const isRefusal = (outcome: Outcome) => 'status' in outcome && (outcome.status === 429 || outcome.status === 503);
const isServed = (outcome: Outcome) => 'status' in outcome && outcome.status >= 200 && outcome.status < 300;

export function tallyAnswers(answers: readonly TimedAnswer[], boundMs: number): AnswerTally {
  return {
    answers: answers.length,
    slowestMs: Math.round(answers.reduce((slowest, answer) => Math.max(slowest, answer.elapsedMs), 0)),
    late: answers.filter((answer) => answer.elapsedMs > boundMs).length,
    timeouts: answers.filter(({ outcome }) => 'failure' in outcome && outcome.failure === 'timeout').length,
    connectionErrors: answers.filter(({ outcome }) => 'failure' in outcome && outcome.failure === 'connection_error').length,
    refusalsWithoutRetryAfter: answers.filter((answer) => isRefusal(answer.outcome) && !answer.retryAfter).length,
  };
}

const mean = (values: readonly number[]) => (values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length));

/** Shedding over the answers that came between `from` and `to` (epoch ms), counted per whole second from `from`. */
export function tallyShedding(answers: readonly TimedAnswer[], from: number, to: number): SheddingTally {
  const seconds = Math.max(1, Math.ceil((to - from) / 1000));
  const served = new Array<number>(seconds).fill(0);
  const shed = new Array<number>(seconds).fill(0);
  for (const { outcome, at } of answers) {
    if (at < from || at >= to) continue;
    const second = Math.floor((at - from) / 1000);
    if (isServed(outcome)) served[second] += 1;
    else if ('status' in outcome && outcome.status === 503) shed[second] += 1;
  }
  const first = shed.findIndex((count) => count > 0);
  if (first < 0) return { shed: 0, startedAfterS: null, servedPerSecondAtStart: null, servedPerSecondWhileShedding: null };
  return {
    shed: shed.reduce((a, b) => a + b, 0),
    startedAfterS: first,
    servedPerSecondAtStart: mean(served.slice(Math.max(0, first - 2), first + 1)),
    servedPerSecondWhileShedding: mean(served.filter((_, second) => shed[second] > 0)),
  };
}
