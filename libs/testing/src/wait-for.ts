/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`waitFor timed out after ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
}
