import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every metric an app exposes on its ops port (`GET /metrics`), in one
 * registry per process, named here so that dashboards and alert rules
 * (k8s/monitoring) have one place to read them from.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

/** Seconds, from a fast in-memory answer to a bus timeout. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const Metrics = {
  httpRequestDuration: new Histogram({
    name: 'sdd_http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status, from arrival to the last byte sent.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  }),
  busRequestDuration: new Histogram({
    name: 'sdd_bus_request_duration_seconds',
    help: 'Bus requests by pattern and outcome (ok, error: the service answered with an error, unavailable: no answer in time or Redis down).',
    labelNames: ['pattern', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  }),
  busRequestWait: new Histogram({
    name: 'sdd_bus_request_wait_seconds',
    help: 'Bus requests this service answered, by pattern: from the caller queueing the job to a worker taking it (the clocks of two pods when they differ).',
    labelNames: ['pattern'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  }),
  busHandlerDuration: new Histogram({
    name: 'sdd_bus_handler_duration_seconds',
    help: "Bus requests this service answered, by pattern and outcome (ok, error): the handler's own time, from the worker taking the job to its reply pushed.",
    labelNames: ['pattern', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  }),
  busRequestTimeouts: new Counter({
    name: 'sdd_bus_request_timeouts_total',
    help: 'Bus requests no service answered before their deadline, by pattern.',
    labelNames: ['pattern'] as const,
    registers,
  }),
  apiKeyLookups: new Counter({
    name: 'sdd_api_key_lookups_total',
    help: 'API keys the gateway resolved, by source (cache: answered in memory, database: looked up in Postgres).',
    labelNames: ['source'] as const,
    registers,
  }),
  queueJobs: new Gauge({
    name: 'sdd_queue_jobs',
    help: 'Jobs in each BullMQ queue this app consumes, by state (waiting, active, delayed, failed, prioritized), measured at scrape.',
    labelNames: ['queue', 'state'] as const,
    registers,
  }),
  jobsProcessed: new Counter({
    name: 'sdd_jobs_processed_total',
    help: "Jobs this process ran, by queue and outcome (completed, failed): with replicas, each one's share of the work.",
    labelNames: ['queue', 'outcome'] as const,
    registers,
  }),
  outboxBacklog: new Gauge({
    name: 'sdd_outbox_backlog_events',
    help: 'Outbox events a subscriber has not acknowledged yet.',
    labelNames: ['subscriber'] as const,
    registers,
  }),
  outboxBacklogAge: new Gauge({
    name: 'sdd_outbox_backlog_age_seconds',
    help: 'Age of the oldest outbox event a subscriber has not acknowledged (0 when none waits).',
    labelNames: ['subscriber'] as const,
    registers,
  }),
  webhookAttempts: new Counter({
    name: 'sdd_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome: delivered (2xx), rejected (another status), unreachable (no answer: network error or timeout), blocked (the URL was refused: SSRF rules).',
    labelNames: ['outcome'] as const,
    registers,
  }),
  timelineStepLateness: new Histogram({
    name: 'sdd_timeline_step_lateness_seconds',
    help: 'How long after its scheduled time a step of a test delivery timeline ran.',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers,
  }),
  timelineSteps: new Gauge({
    name: 'sdd_timeline_steps',
    help: 'Steps of test delivery timelines in the timer: due (their time has come, none has taken them) and scheduled (later, or taken and leased to a runner).',
    labelNames: ['state'] as const,
    registers,
  }),
  timelineOldestDueAge: new Gauge({
    name: 'sdd_timeline_oldest_due_age_seconds',
    help: 'How long the oldest due timeline step has waited to be taken (0 when none is due): it grows when no runner takes steps, which the lateness histogram, fed by steps that ran, cannot show.',
    registers,
  }),
  moneyMovements: new Counter({
    name: 'sdd_money_movements_total',
    help: 'Transfers and refunds made with the payment processor, by kind and outcome (succeeded, retrying, failed).',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  }),
  deliveryPinLockouts: new Counter({
    name: 'sdd_delivery_pin_lockouts_total',
    help: 'Live deliveries whose PIN was locked after too many wrong tries at the door: someone may be guessing it.',
    registers,
  }),
  strandedDeliveries: new Counter({
    name: 'sdd_stranded_deliveries_total',
    help: 'Picked-up live deliveries whose driver was revoked: the package is with a driver who can no longer report it, an operator must take over.',
    registers,
  }),
  requestsShed: new Counter({
    name: 'sdd_requests_shed_total',
    help: 'Requests the gateway refused at once (503 with Retry-After) because it was past a load bound, by reason (in_flight, bus_backlog, bus_wait, event_loop_delay).',
    labelNames: ['reason'] as const,
    registers,
  }),
  rowsPurged: new Counter({
    name: 'sdd_retention_purged_rows_total',
    help: 'Rows deleted because they were past their retention (docs/reliability.md "Retention"), by table.',
    labelNames: ['table'] as const,
    registers,
  }),
  requestLogsDropped: new Counter({
    name: 'sdd_request_logs_dropped_total',
    help: "API requests the gateway's request log did not keep, by reason (buffer_full: the writes fell behind and the request was not held up for them; write_failed: the database refused a batch).",
    labelNames: ['reason'] as const,
    registers,
  }),
};

/** A BullMQ processor that counts the jobs it runs in `sdd_jobs_processed_total`. */
export function countingJobs<J>(queue: string, process: (job: J) => Promise<void>): (job: J) => Promise<void> {
  return async (job: J) => {
    try {
      await process(job);
      Metrics.jobsProcessed.inc({ queue, outcome: 'completed' });
    } catch (error) {
      Metrics.jobsProcessed.inc({ queue, outcome: 'failed' });
      throw error;
    }
  };
}

type Measurement = () => Promise<void>;
const measurements = new Set<Measurement>();

/** A measurement taken at each scrape (queue depths, backlogs): registered by whoever can take it; returns its removal. */
export function measureOnScrape(measurement: Measurement): () => void {
  measurements.add(measurement);
  return () => measurements.delete(measurement);
}

/**
 * The exposition text. A measurement that fails (Redis or Postgres down)
 * leaves its gauges as they were and must not fail the scrape: the other
 * metrics are what an operator needs most then.
 */
export async function scrapeMetrics(): Promise<string> {
  await Promise.all([...measurements].map((measure) => measure().catch(() => undefined)));
  return metricsRegistry.metrics();
}
