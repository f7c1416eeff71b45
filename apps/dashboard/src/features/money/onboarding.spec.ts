import { describe, expect, it } from '@jest/globals';
import { canStartOnboarding } from './onboarding';

describe('canStartOnboarding', () => {
  it('lets owners alone start Connect onboarding', () => {
    expect(canStartOnboarding('owner')).toBe(true);
    expect(canStartOnboarding('developer')).toBe(false);
    expect(canStartOnboarding('viewer')).toBe(false);
  });
});
