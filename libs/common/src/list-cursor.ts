import { ErrorCode } from '@sdd/contracts';
import { AppError } from './app-error';

/**
 * Opaque keyset cursor over (created_at, id), newest first: the position of
 * the last item of a page. Stable under inserts, since new rows sort before
 * any cursor already handed out.
 */
export interface ListPosition {
  createdAt: Date;
  id: string;
}

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt.toISOString(), position.id])).toString('base64url');
}

/** Undefined for anything that is not a cursor we made for ids of `idPrefix` (`del`, `evt`…). */
export function decodeCursor(cursor: string, idPrefix: string): ListPosition | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(decoded) || decoded.length !== 2) return undefined;
    const [at, id] = decoded as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string' || !id.startsWith(`${idPrefix}_`) || !/^[a-z]+_[0-9A-Za-z_]+$/.test(id)) return undefined;
    const createdAt = new Date(at);
    return Number.isNaN(createdAt.getTime()) ? undefined : { createdAt, id };
  } catch {
    return undefined;
  }
}

/** The position a `cursor` parameter names, or a 400 naming it when it is not one of ours. */
export function cursorParam(cursor: string | undefined, idPrefix: string): ListPosition | undefined {
  if (cursor === undefined) return undefined;
  const position = decodeCursor(cursor, idPrefix);
  if (!position) throw AppError.invalidRequest(ErrorCode.ParameterInvalid, 'This cursor is not one we issued.', 'cursor');
  return position;
}

/**
 * A page from `rows`, fetched with limit + 1 so that the extra row tells
 * whether there is more: the first `limit` rows, presented, and the cursor
 * after the last of them.
 */
export function toPage<R, T>(rows: R[], limit: number, positionOf: (row: R) => ListPosition, present: (row: R) => T): { data: T[]; has_more: boolean; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = page[page.length - 1];
  return {
    data: page.map(present),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor(positionOf(last)) : null,
  };
}
