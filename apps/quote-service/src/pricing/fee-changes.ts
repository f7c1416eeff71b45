import { FeeComponent, FeeComponentCode } from '@sdd/contracts';

/** A part of the fee that moved when a quote was priced again: its amount before and after (0 where it was not charged). */
export interface FeeChange {
  code: FeeComponentCode;
  from: number;
  to: number;
}

/** The parts that moved between two breakdowns, in the order they were charged (the old ones first, then the new). */
export function feeChanges(before: readonly FeeComponent[], after: readonly FeeComponent[]): FeeChange[] {
  const amountIn = (breakdown: readonly FeeComponent[], code: FeeComponentCode): number => breakdown.find((part) => part.code === code)?.amount ?? 0;
  const codes = [...new Set([...before, ...after].map(({ code }) => code))];
  return codes.map((code) => ({ code, from: amountIn(before, code), to: amountIn(after, code) })).filter(({ from, to }) => from !== to);
}

/** The changes as a message says them: `base 500 → 550, price_adjustment 0 → 388`. */
export function describeFeeChanges(changes: readonly FeeChange[]): string {
  return changes.map(({ code, from, to }) => `${code} ${from} → ${to}`).join(', ');
}
