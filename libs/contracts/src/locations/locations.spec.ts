import { isRestricted } from './locations';

describe('restricted categories', () => {
  it('are alcohol and cannabis, not standard or an unknown one', () => {
    expect(isRestricted('alcohol')).toBe(true);
    expect(isRestricted('cannabis')).toBe(true);
    expect(isRestricted('standard')).toBe(false);
    expect(isRestricted('fireworks')).toBe(false);
  });
});
