/** Minor units (cents) as money in the given currency, e.g. 1234, "cad" → "CA$12.34". */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-CA', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}

/** An ISO timestamp as a short local date and time; a missing one as an em dash. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' });
}
