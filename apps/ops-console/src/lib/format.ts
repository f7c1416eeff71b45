/** A date-time as operators read it: local, to the minute. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** How long ago, in whole minutes (or seconds under one), for "waiting 12 min". */
export function formatAge(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min`;
}

/** Minor units (cents) as money in their currency, e.g. 2250, "cad" → "CA$22.50". */
export function formatAmount(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-CA', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}
