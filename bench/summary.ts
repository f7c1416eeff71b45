/**
 * The one table `npm run bench` prints: every bench's headline figures with
 * the bare BullMQ round trip of the same run beside them, and issue 16's
 * target for each, so a regression shows as a ratio that fell or a target
 * missed. Pure: the runner feeds it the RESULT lines the benches print.
 */

import { ANCHOR_NAMES } from './monolith/anchor-names';

/** Issue 35's bound on each app's resident memory after the loads, MB. */
export const RESIDENT_BOUND_MB = 150;

export interface BenchResults {
  http?: {
    paths: Array<{ path: string; perSecond: number; p50Ms: number; p99Ms: number }>;
    residentMb: Record<string, number>;
    /** The same paths on the monolith anchor (bench/monolith), with the services' throughput and p99 over its. */
    monolith?: Array<AnchorResult>;
    /** The same anchor split by one hop on our bus (a front and a store process), with its own throughput and p99 over the monolith's per core. */
    monolithOverBus?: Array<AnchorResult & { monolithRatio: number; monolithP99Ratio: number }>;
  };
  bus?: { ours: { throughput: number; p99Ms: number }; ratio: number };
  deliveries?: DeliveriesResult;
  /** The deliveries bench again with 10,000 deliveries active at once: the timeline lateness row comes from it when it ran. */
  timelines?: DeliveriesResult;
  webhooks?: {
    burst: { perSecond: number };
    sustained: { deliveredPerSecond: number };
    residentMb?: Record<string, number>;
    fromDeliveries?: { received: { steadyPerSecond: number }; cpuMsPerWebhook: { machine: number } };
    bareSender?: { perSecond: number };
  };
  /** bench:growth: each figure on the empty database and after the growth seed (bench/growth/growth-compare.ts). */
  growth?: {
    sizes: { deliveries: number; events: number };
    figures: Array<{ name: string; unit: string; empty: number; seeded: number; ratio: number; verdict: string }>;
  };
}

interface AnchorResult {
  path: string;
  perSecond: number;
  p99Ms: number;
  /** The services' throughput and p99 over the anchor's, same run. */
  servicesRatio: number;
  servicesP99Ratio: number;
}

interface DeliveriesResult {
  create: { n: number; p50: number; p99: number; seconds: number; cpuMs?: { machine: number } };
  latenessMs: { all: { p99: number } };
  peakActive: number;
  residentMb?: Record<string, number>;
}

export interface Row {
  figure: string;
  value: number;
  unit: 'req/s' | '/s' | 'ms' | 'MB' | '%';
  /** Throughput against the bare round trip's, latency against its p99; absent where no comparison means anything. */
  ratio?: number;
  target?: string;
  met?: boolean;
}

const BARE = 'bare BullMQ round trip';

export function summaryRows(results: BenchResults): Row[] {
  const rows: Row[] = [];
  const bare = results.http?.paths.find((path) => path.path === BARE);
  const perSecond = (value: number) => (bare ? value / bare.perSecond : undefined);
  const latency = (value: number) => (bare ? value / bare.p99Ms : undefined);
  for (const path of results.http?.paths ?? []) {
    const isBare = path.path === BARE;
    const ratio = perSecond(path.perSecond);
    rows.push({
      figure: `${path.path}, 50 connections`,
      value: path.perSecond,
      unit: 'req/s',
      ratio,
      ...(isBare ? {} : { target: '≥ 1.00× bare', met: ratio !== undefined && ratio >= 1 }),
    });
    rows.push({
      figure: `${path.path}, p99`,
      value: path.p99Ms,
      unit: 'ms',
      ratio: latency(path.p99Ms),
      ...(isBare ? {} : { target: '≤ 40 ms', met: path.p99Ms <= 40 }),
    });
  }
  /** An anchor's own rows, then the services' throughput and p99 as a share of its. */
  const anchorRows = (anchor: AnchorResult, name: string, target: string) => {
    rows.push({ figure: `${anchor.path}, 50 connections`, value: anchor.perSecond, unit: 'req/s', ratio: perSecond(anchor.perSecond) });
    rows.push({ figure: `${anchor.path}, p99`, value: anchor.p99Ms, unit: 'ms', ratio: latency(anchor.p99Ms) });
    const path = anchor.path.slice(name.length + 1);
    const throughput = Math.round(anchor.servicesRatio * 100);
    const tail = Math.round(anchor.servicesP99Ratio * 100);
    rows.push({ figure: `${path}, services ÷ ${name}`, value: throughput, unit: '%', target: `≥ 90 % (${target})`, met: throughput >= 90 });
    rows.push({ figure: `${path}, p99, services ÷ ${name}`, value: tail, unit: '%', target: `≤ 100 % (${target})`, met: tail <= 100 });
    return path;
  };
  // Issue 35's anchor: what one Fastify + pg process per core does with the same requests in the same run.
  const { 'per-core': monolith, 'over-bus': overBus } = ANCHOR_NAMES;
  for (const anchor of results.http?.monolith ?? []) anchorRows(anchor, monolith, 'issue 35');
  // The same anchor split by the design card's one hop: its share of the monolith is what the hop costs; the services' share of it, all they do beyond.
  for (const anchor of results.http?.monolithOverBus ?? []) {
    const path = anchorRows(anchor, overBus, 'issue 35, beyond the hop');
    rows.push({ figure: `${path}, ${overBus} ÷ ${monolith}`, value: Math.round(anchor.monolithRatio * 100), unit: '%' });
    rows.push({ figure: `${path}, p99, ${overBus} ÷ ${monolith}`, value: Math.round(anchor.monolithP99Ratio * 100), unit: '%' });
  }
  if (results.bus) rows.push({ figure: 'our bus (@sdd/bus) round trip, own run', value: results.bus.ours.throughput, unit: 'req/s', ratio: results.bus.ratio });
  const deliveries = results.deliveries;
  if (deliveries) {
    const created = deliveries.create.n / deliveries.create.seconds;
    rows.push({
      figure: 'POST /v1/deliveries, 20 in flight, p50',
      value: deliveries.create.p50,
      unit: 'ms',
      ratio: latency(deliveries.create.p50),
      target: '≤ 40 ms',
      met: deliveries.create.p50 <= 40,
    });
    rows.push({
      figure: 'POST /v1/deliveries, 20 in flight, p99',
      value: deliveries.create.p99,
      unit: 'ms',
      ratio: latency(deliveries.create.p99),
      target: '≤ 100 ms',
      met: deliveries.create.p99 <= 100,
    });
    rows.push({ figure: 'POST /v1/deliveries, creations', value: created, unit: '/s', ratio: perSecond(created), target: '≥ 400/s', met: created >= 400 });
    // What the creations' figures follow from on two cores: a regression shows here first.
    if (deliveries.create.cpuMs) rows.push({ figure: 'POST /v1/deliveries, machine CPU per creation', value: deliveries.create.cpuMs.machine, unit: 'ms' });
  }
  const timelines = results.timelines ?? deliveries;
  if (timelines) {
    rows.push({
      figure: `timeline step lateness p99, ${timelines.peakActive} active at peak`,
      value: timelines.latenessMs.all.p99,
      unit: 'ms',
      ratio: latency(timelines.latenessMs.all.p99),
      target: '≤ 250 ms at 10,000',
      met: timelines.latenessMs.all.p99 <= 250 && timelines.peakActive >= 10_000,
    });
  }
  if (results.webhooks) {
    const { burst, sustained } = results.webhooks;
    rows.push({ figure: 'signed webhooks, burst', value: burst.perSecond, unit: '/s', ratio: perSecond(burst.perSecond), target: '≥ 2,000/s', met: burst.perSecond >= 2000 });
    rows.push({
      figure: 'signed webhooks, sustained',
      value: sustained.deliveredPerSecond,
      unit: '/s',
      ratio: perSecond(sustained.deliveredPerSecond),
      target: '≥ 2,000/s',
      met: sustained.deliveredPerSecond >= 2000,
    });
    const { fromDeliveries, bareSender } = results.webhooks;
    if (fromDeliveries) {
      const rate = fromDeliveries.received.steadyPerSecond;
      rows.push({ figure: 'signed webhooks from real deliveries, sustained', value: rate, unit: '/s', ratio: perSecond(rate), target: '≥ 2,000/s (issue 35)', met: rate >= 2000 });
      rows.push({ figure: 'webhooks from real deliveries, machine CPU per webhook', value: fromDeliveries.cpuMsPerWebhook.machine, unit: 'ms' });
    }
    if (bareSender) rows.push({ figure: 'bare Node sender, signed 1 KB HTTPS POSTs', value: bareSender.perSecond, unit: '/s', ratio: perSecond(bareSender.perSecond) });
  }
  if (results.growth) {
    const { sizes, figures } = results.growth;
    const seeded = `${sizes.deliveries.toLocaleString('en-US')} deliveries, ${sizes.events.toLocaleString('en-US')} events stored`;
    for (const figure of figures) {
      const empty = figure.empty >= 100 ? Math.round(figure.empty) : figure.empty.toFixed(1);
      rows.push({
        figure: `${figure.name}, ${seeded}`,
        value: figure.seeded,
        unit: figure.unit as Row['unit'],
        target: `within 10 % of empty ${empty} (seeded/empty ${figure.ratio.toFixed(2)})`,
        met: figure.verdict !== 'WORSE',
      });
    }
  }
  // Each app's most, over the loads that ran: the HTTP paths, the creations with their timelines, the webhooks.
  const resident = new Map<string, number>();
  for (const measured of [results.http?.residentMb, results.deliveries?.residentMb, results.timelines?.residentMb, results.webhooks?.residentMb]) {
    for (const [app, mb] of Object.entries(measured ?? {})) resident.set(app, Math.max(mb, resident.get(app) ?? 0));
  }
  for (const [app, mb] of resident) {
    rows.push({ figure: `resident memory after load, ${app}`, value: mb, unit: 'MB', target: `≤ ${RESIDENT_BOUND_MB} MB`, met: mb <= RESIDENT_BOUND_MB });
  }
  return rows;
}

export function formatTable(rows: readonly Row[]): string {
  const cells = rows.map((row) => [
    row.figure,
    `${row.value >= 100 ? Math.round(row.value) : row.value.toFixed(1)} ${row.unit}`,
    row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`,
    row.target ?? '',
    row.met === undefined ? '' : row.met ? 'met' : 'MISSED',
  ]);
  const header = ['figure', 'value', '× bare', 'target (issue 16)', ''];
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => cell[i].length)));
  const line = (cell: string[]) =>
    cell
      .map((text, i) => (i === 1 || i === 2 ? text.padStart(widths[i]) : text.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), ...cells.map(line)].join('\n');
}
