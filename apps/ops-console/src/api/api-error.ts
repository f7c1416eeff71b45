/**
 * A failed call as the screens show it: the API's own message, or a plain one
 * when there is no envelope. The dashboard and the driver app have the same
 * few lines: apps may not import each other, and a shared web library is for
 * when the apps' work has merged.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

export function toApiError(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
  return new ApiError(status, error?.code, error?.message ?? `The request failed (HTTP ${status}).`);
}

/** openapi-fetch's result, as data or a thrown ApiError, for TanStack Query. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) throw toApiError(response.status, error);
  return data as T;
}
