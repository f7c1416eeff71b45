import { decodeStreamPosition, encodeStreamPosition } from './stream-position';

describe('stream position', () => {
  it('round-trips a position whose transaction id is past 2^53', () => {
    const position = { xid: '18446744073709551000', seq: '42' };
    expect(decodeStreamPosition(encodeStreamPosition(position))).toEqual(position);
  });

  it.each(['', '12', '12.', '.3', '1.2.3', 'a.1', '1.-1', `${'9'.repeat(21)}.1`])('refuses %p', (text) => {
    expect(decodeStreamPosition(text)).toBeUndefined();
  });
});
