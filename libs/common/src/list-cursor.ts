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
