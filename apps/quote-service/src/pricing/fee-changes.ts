import { FeeChange, FeeComponent, FeeComponentCode } from '@sdd/contracts';

/** The parts that moved between two breakdowns, in the order they were charged (the old ones first, then the new). */
export function feeChanges(before: readonly FeeComponent[], after: readonly FeeComponent[]): FeeChange[] {
  const amountIn = (breakdown: readonly FeeComponent[], code: FeeComponentCode): number => breakdown.find((part) => part.code === code)?.amount ?? 0;
  const codes = [...new Set([...before, ...after].map(({ code }) => code))];
  return codes.map((code) => ({ code, previousAmount: amountIn(before, code), amount: amountIn(after, code) })).filter(({ previousAmount, amount }) => previousAmount !== amount);
}

/** The changes as a message says them: `base 500 → 550, price_adjustment 0 → 388`. */
export function describeFeeChanges(changes: readonly FeeChange[]): string {
  return changes.map(({ code, previousAmount, amount }) => `${code} ${previousAmount} → ${amount}`).join(', ');
}
