/**
 * What the request log's writer may hold before it drops new entries: a
 * count, and the characters of the bodies it holds (a list answer can be
 * 100 KB: 10,000 of them would be a gigabyte while Postgres is slow).
 */
export interface BufferBounds {
  entries: number;
  bodyChars: number;
}

export const REQUEST_LOG_BUFFER_BOUNDS: BufferBounds = { entries: 10_000, bodyChars: 32 * 1024 * 1024 };

export interface BufferUse {
  entries: number;
  bodyChars: number;
}

/** Whether one more entry with bodies of `bodyChars` characters fits: otherwise it is dropped, not waited for. */
export function admits(use: BufferUse, bodyChars: number, bounds: BufferBounds = REQUEST_LOG_BUFFER_BOUNDS): boolean {
  return use.entries < bounds.entries && use.bodyChars + bodyChars <= bounds.bodyChars;
}
