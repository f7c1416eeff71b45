/** The error envelope every failed API call returns, as far as the web apps show it. */
export interface ApiErrorBody {
  error?: { code?: string; message?: string; param?: string | null };
}

/** A failed call as the web apps show it: the API's own message, or a plain one when there is no envelope. */
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
  const error = (body as ApiErrorBody | undefined)?.error;
  return new ApiError(status, error?.code, error?.message ?? `The request failed (HTTP ${status}).`);
}

/** openapi-fetch's result, as data or a thrown ApiError, for TanStack Query. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) throw toApiError(response.status, error);
  return data as T;
}
