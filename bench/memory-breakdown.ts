import { metricValue } from '@sdd/testing';
import { RESIDENT_BOUND_MB } from './summary';

/**
 * Where an app's resident memory goes, MB: the kernel's view
 * (`/proc/<pid>/smaps_rollup`: resident, of which anonymous and file-backed)
 * beside V8's (`/metrics`: heap spaces reserved, external memory). The native
 * rest is the anonymous memory V8's heap does not account for: malloc'd
 * buffers (sockets, TLS, zlib), external strings and array buffers, thread
 * stacks, allocator slack.
 */
export interface MemoryBreakdown {
  residentMb: number;
  /** Pages backed by files: node's own code and the shared libraries, shared with other Node processes. */
  fileMb: number;
  anonymousMb: number;
  heapTotalMb: number;
  heapUsedMb: number;
  /** Reserved size of each V8 heap space (new, old, code, large objects…). */
  heapSpacesMb: Record<string, number>;
  /** V8's external memory (buffers, array buffers), malloc'd outside the heap. */
  externalMb: number;
  /** Anonymous memory outside V8's heap spaces. */
  nativeRestMb: number;
}

const KB_PER_MB = 1024;
const BYTES_PER_MB = 2 ** 20;
const round = (mb: number) => Math.round(mb * 10) / 10;

/** A field of `/proc/<pid>/smaps_rollup` (or `/proc/<pid>/status`) in kB, 0 when absent. */
function kbOf(text: string, field: string): number {
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
}

/** The `space` label of every series of a metric with its value, from Prometheus' text format. */
function bySpace(metrics: string, name: string): Record<string, number> {
  const spaces: Record<string, number> = {};
  for (const match of metrics.matchAll(new RegExp(`^${name}\\{[^}]*space="([^"]+)"[^}]*\\} (\\S+)`, 'gm'))) spaces[match[1]] = Number(match[2]);
  return spaces;
}

/** The breakdown from an app's smaps_rollup and its /metrics text. */
export function memoryBreakdown(smapsRollup: string, metrics: string): MemoryBreakdown {
  const residentMb = kbOf(smapsRollup, 'Rss') / KB_PER_MB;
  const anonymousMb = kbOf(smapsRollup, 'Anonymous') / KB_PER_MB;
  const heapTotalMb = (metricValue(metrics, 'nodejs_heap_size_total_bytes') ?? 0) / BYTES_PER_MB;
  const spaces = bySpace(metrics, 'nodejs_heap_space_size_total_bytes');
  return {
    residentMb: round(residentMb),
    fileMb: round(residentMb - anonymousMb),
    anonymousMb: round(anonymousMb),
    heapTotalMb: round(heapTotalMb),
    heapUsedMb: round((metricValue(metrics, 'nodejs_heap_size_used_bytes') ?? 0) / BYTES_PER_MB),
    heapSpacesMb: Object.fromEntries(Object.entries(spaces).map(([space, bytes]) => [space, round(bytes / BYTES_PER_MB)])),
    externalMb: round((metricValue(metrics, 'nodejs_external_memory_bytes') ?? 0) / BYTES_PER_MB),
    nativeRestMb: round(Math.max(0, anonymousMb - heapTotalMb)),
  };
}

/** One line of the breakdown, e.g. "api-gateway 152 MB: file-backed 38, heap 70 of which used 48 (old 50, new 16…), external 4, native rest 44". */
export function breakdownLine(app: string, b: MemoryBreakdown): string {
  const spaces = Object.entries(b.heapSpacesMb)
    .filter(([, mb]) => mb >= 0.5)
    .sort(([, a], [, c]) => c - a)
    .map(([space, mb]) => `${space.replace(/_space$/, '')} ${Math.round(mb)}`)
    .join(', ');
  return (
    `${app} ${Math.round(b.residentMb)} MB resident: file-backed ${Math.round(b.fileMb)}, V8 heap ${Math.round(b.heapTotalMb)} (used ${Math.round(b.heapUsedMb)}; ${spaces}), ` +
    `external ${Math.round(b.externalMb)}, native rest ${Math.round(b.nativeRestMb)}`
  );
}

/** The apps above the bound, e.g. ["api-gateway 156 MB"]; empty when every app is within it. */
export function aboveBound(residentMb: Record<string, number>, boundMb = RESIDENT_BOUND_MB): string[] {
  return Object.entries(residentMb)
    .filter(([, mb]) => mb > boundMb)
    .map(([app, mb]) => `${app} ${mb} MB`);
}
