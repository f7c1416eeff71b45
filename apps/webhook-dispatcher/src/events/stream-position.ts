/**
 * Where GET /v1/events/stream has read up to: the (transaction, sequence) of
 * the last event sent (migration 1766001200000), as `<xid>.<seq>`. The
 * gateway passes it back unread.
 */
export interface StreamPosition {
  /** xid8 as decimal text: it may exceed 2^53. */
  xid: string;
  seq: string;
}

const POSITION = /^(\d{1,20})\.(\d{1,19})$/;

export function encodeStreamPosition(position: StreamPosition): string {
  return `${position.xid}.${position.seq}`;
}

/** Undefined for anything this service did not make. */
export function decodeStreamPosition(text: string): StreamPosition | undefined {
  const match = POSITION.exec(text);
  return match ? { xid: match[1], seq: match[2] } : undefined;
}
