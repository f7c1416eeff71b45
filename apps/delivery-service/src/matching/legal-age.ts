import type { Category } from '@sdd/contracts';

/** Provinces where the legal age differs from 19, per product (provincial liquor and cannabis acts). */
const ALCOHOL_AGE_EXCEPTIONS: Readonly<Record<string, number>> = { AB: 18, MB: 18, QC: 18 };
const CANNABIS_AGE_EXCEPTIONS: Readonly<Record<string, number>> = { AB: 18, QC: 21 };
const DEFAULT_LEGAL_AGE = 19;

/** The age a recipient must have reached for a restricted delivery handed over in `province` (the dropoff's); null for a standard delivery. */
export function legalAgeFor(category: Category, province: string): number | null {
  if (category === 'alcohol') return ALCOHOL_AGE_EXCEPTIONS[province] ?? DEFAULT_LEGAL_AGE;
  if (category === 'cannabis') return CANNABIS_AGE_EXCEPTIONS[province] ?? DEFAULT_LEGAL_AGE;
  return null;
}

/** Whole years between a birth date (YYYY-MM-DD) and `on` (UTC calendar dates). */
export function ageOn(birthDate: string, on: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number);
  let age = on.getUTCFullYear() - year;
  if (on.getUTCMonth() + 1 < month || (on.getUTCMonth() + 1 === month && on.getUTCDate() < day)) age -= 1;
  return age;
}
