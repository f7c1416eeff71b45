/**
 * Each figure of the seeded database beside the same figure of the empty
 * one, same run: their ratio, and whether the seeded one is outside the
 * issue's 10 % (worse, or better: a figure that moved a lot either way is
 * worth a look).
 */

/** The issue's allowance: seeded figures within 10 % of the empty ones. */
export const ALLOWED_CHANGE = 0.1;

export interface Figure {
  name: string;
  unit: string;
  /** Whether more is better (throughput) or less (latency). */
  better: 'higher' | 'lower';
  empty: number;
  seeded: number;
}

export type Verdict = 'within 10 %' | 'WORSE' | 'better';

export interface Compared extends Figure {
  /** seeded / empty. */
  ratio: number;
  verdict: Verdict;
}

export function compareFigure(figure: Figure): Compared {
  const ratio = figure.seeded / figure.empty;
  if (!Number.isFinite(ratio)) return { ...figure, ratio, verdict: 'WORSE' };
  // How much worse the seeded figure is, as a share: slower throughput or longer latency.
  const worseBy = figure.better === 'higher' ? 1 - ratio : ratio - 1;
  const verdict: Verdict = worseBy > ALLOWED_CHANGE + 1e-9 ? 'WORSE' : -worseBy > ALLOWED_CHANGE + 1e-9 ? 'better' : 'within 10 %';
  return { ...figure, ratio, verdict };
}

const fixed = (value: number) => (Number.isFinite(value) ? (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(1)) : 'n/a');

/** The figures as one table: empty, seeded, ratio, verdict. */
export function formatComparison(figures: readonly Compared[]): string {
  const header = `${'figure'.padEnd(46)}${'empty'.padStart(10)}${'seeded'.padStart(10)}  ${'unit'.padEnd(6)}${'ratio'.padStart(7)}  verdict`;
  const rows = figures.map(
    (f) =>
      `${f.name.padEnd(46)}${fixed(f.empty).padStart(10)}${fixed(f.seeded).padStart(10)}  ${f.unit.padEnd(6)}${`${Number.isFinite(f.ratio) ? f.ratio.toFixed(2) : 'n/a'}×`.padStart(7)}  ${f.verdict}`,
  );
  return [header, ...rows].join('\n');
}
