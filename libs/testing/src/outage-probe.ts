/** One HTTP call and how long it took: outage tests hold every answer to a deadline. */
export interface TimedResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { error?: Record<string, unknown> };
  elapsedMs: number;
}

/** A JSON call to `baseUrl + path` with an optional API key, timed; never waits more than `timeoutMs`. */
export async function timedRequest(baseUrl: string, method: string, path: string, options: { key?: string; body?: unknown; timeoutMs?: number } = {}): Promise<TimedResponse> {
  const headers: Record<string, string> = {};
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const body = (await response.json()) as TimedResponse['body'];
  return { status: response.status, headers: response.headers, body, elapsedMs: performance.now() - started };
}
