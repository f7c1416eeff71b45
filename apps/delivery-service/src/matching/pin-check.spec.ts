import { checkPin, PIN_ATTEMPT_LIMIT, pinLocked } from './pin-check';

describe('checkPin', () => {
  it('verifies the right PIN while tries are left', () => {
    expect(checkPin('0420', '0420', 0)).toBe('verified');
    expect(checkPin('0420', '0420', PIN_ATTEMPT_LIMIT - 1)).toBe('verified');
  });

  it('counts wrong PINs and locks on the fifth', () => {
    expect([0, 1, 2, 3, 4].map((wrong) => checkPin('1111', '0420', wrong))).toEqual(['mismatch', 'mismatch', 'mismatch', 'mismatch', 'locked_now']);
  });

  it('refuses even the right PIN once locked, and lets a hand-over without one through unverified', () => {
    expect(checkPin('0420', '0420', PIN_ATTEMPT_LIMIT)).toBe('locked');
    expect(checkPin(null, '0420', PIN_ATTEMPT_LIMIT)).toBe('unverified');
    expect(checkPin(null, '0420', 0)).toBe('unverified');
  });

  it('never verifies a PIN of another length or a delivery without one', () => {
    expect(checkPin('04200', '0420', 0)).toBe('mismatch');
    expect(checkPin('0420', null, 0)).toBe('mismatch');
  });

  it('tells when a PIN is locked', () => {
    expect([pinLocked(4), pinLocked(5), pinLocked(7)]).toEqual([false, true, true]);
  });
});
