import { clock, outputStyle, paint, statusColour } from './output-style';

describe('output style', () => {
  it('colours a terminal only, and never with NO_COLOR, --no-color, --json or TERM=dumb', () => {
    expect(outputStyle(true, {}, {})).toEqual({ color: true, tty: true, json: false });
    expect(outputStyle(undefined, {}, {}).color).toBe(false);
    expect(outputStyle(true, { NO_COLOR: '1' }, {}).color).toBe(false);
    expect(outputStyle(true, { NO_COLOR: '' }, {}).color).toBe(true);
    expect(outputStyle(true, {}, { noColor: true }).color).toBe(false);
    expect(outputStyle(true, {}, { json: true })).toEqual({ color: false, tty: true, json: true });
    expect(outputStyle(true, { TERM: 'dumb' }, {}).color).toBe(false);
  });

  it('paints with ANSI codes only when colouring', () => {
    expect(paint({ color: true, tty: true, json: false }, 'green', '200')).toBe('\u001b[32m200\u001b[0m');
    expect(paint({ color: false, tty: false, json: false }, 'green', '200')).toBe('200');
  });

  it('colours statuses by class and prints UTC times', () => {
    expect([statusColour(204), statusColour(404), statusColour(503), statusColour(null)]).toEqual(['green', 'yellow', 'red', 'red']);
    expect(clock(new Date('2026-11-27T12:03:04.567Z'))).toBe('12:03:04');
  });
});
