/**
 * Why a fetch got no answer, in a word a person recognises: undici throws
 * "fetch failed" and keeps the reason (ECONNREFUSED, a timeout) as its cause.
 */
export function failureReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error || typeof (error as { message?: unknown })?.message === 'string' ? String((error as { message: string }).message) : String(error);
}
