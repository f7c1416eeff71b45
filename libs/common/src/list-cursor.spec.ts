import { AppError } from './app-error';
import { cursorParam, decodeCursor, encodeCursor, toPage } from './list-cursor';

describe('list cursor', () => {
  const position = { createdAt: new Date('2026-11-22T08:00:00.123Z'), id: 'del_test_abc123' };

  it('round-trips a position and is URL-safe', () => {
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 'del')).toEqual(position);
  });

  it.each([
    '',
    'not-a-cursor',
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('["x","del_1"]').toString('base64url'),
    Buffer.from('["2026-11-22T08:00:00Z","qt_1"]').toString('base64url'),
  ])('refuses %p', (cursor) => {
    expect(decodeCursor(cursor, 'del')).toBeUndefined();
  });

  it('refuses a cursor made for another kind of id', () => {
    expect(decodeCursor(encodeCursor(position), 'evt')).toBeUndefined();
    expect(decodeCursor(encodeCursor({ ...position, id: 'evt_abc' }), 'evt')).toEqual({ ...position, id: 'evt_abc' });
  });

  it('reads a cursor parameter, and refuses a foreign one with a 400 naming it', () => {
    expect(cursorParam(undefined, 'del')).toBeUndefined();
    expect(cursorParam(encodeCursor(position), 'del')).toEqual(position);
    let thrown: unknown;
    try {
      cursorParam('nope', 'del');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).toPayload()).toMatchObject({ status: 400, code: 'parameter_invalid', param: 'cursor' });
  });

  describe('toPage', () => {
    const rows = [3, 2, 1].map((n) => ({ id: `del_${n}`, createdAt: new Date(Date.UTC(2026, 10, 22, 8, n)) }));
    const positionOf = (row: (typeof rows)[number]) => ({ createdAt: row.createdAt, id: row.id });

    it('keeps limit rows and points the cursor after the last when the extra row came back', () => {
      const page = toPage(rows, 2, positionOf, (row) => row.id);
      expect(page).toEqual({ data: ['del_3', 'del_2'], has_more: true, next_cursor: encodeCursor(positionOf(rows[1])) });
    });

    it('has no cursor on the last page', () => {
      expect(toPage(rows, 3, positionOf, (row) => row.id)).toEqual({ data: ['del_3', 'del_2', 'del_1'], has_more: false, next_cursor: null });
      expect(toPage([], 3, positionOf, (row) => row.id)).toEqual({ data: [], has_more: false, next_cursor: null });
    });
  });
});
