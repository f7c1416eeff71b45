import { decodeCursor, encodeCursor } from './list-cursor';

describe('list cursor', () => {
  const position = { createdAt: new Date('2026-11-22T08:00:00.123Z'), id: 'del_test_abc123' };

  it('round-trips a position and is URL-safe', () => {
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 'del')).toEqual(position);
  });

  it.each(['', 'not-a-cursor', Buffer.from('{"a":1}').toString('base64url'), Buffer.from('["x","del_1"]').toString('base64url'),
    Buffer.from('["2026-11-22T08:00:00Z","qt_1"]').toString('base64url')])('refuses %p', (cursor) => {
    expect(decodeCursor(cursor, 'del')).toBeUndefined();
  });

  it('refuses a cursor made for another kind of id', () => {
    expect(decodeCursor(encodeCursor(position), 'evt')).toBeUndefined();
    expect(decodeCursor(encodeCursor({ ...position, id: 'evt_abc' }), 'evt')).toEqual({ ...position, id: 'evt_abc' });
  });
});
