import { describe, expect, it } from '@jest/globals';
import { endpointState, successRateLabel } from './webhook-health';

describe('endpointState', () => {
  const healthy = { active: true, failing_since: null, disabled_at: null, disabled_reason: null };

  it('tells enabled, failing and disabled apart, and why it was disabled', () => {
    expect(endpointState(healthy)).toEqual({ tone: 'done', label: 'Enabled' });
    expect(endpointState({ ...healthy, failing_since: '2026-11-27T05:00:00Z' })).toEqual({ tone: 'active', label: 'Failing' });
    expect(endpointState({ ...healthy, active: false, disabled_at: '2026-11-27T05:00:00Z', disabled_reason: 'failing' }).label).toBe('Disabled: it kept failing for a day');
    expect(endpointState({ ...healthy, active: false, disabled_at: '2026-11-27T05:00:00Z', disabled_reason: 'merchant' })).toEqual({
      tone: 'stopped',
      label: 'Disabled by your team',
    });
  });
});

describe('successRateLabel', () => {
  it('says there were no attempts rather than 0%', () => {
    expect(successRateLabel({ attempts: 0, succeeded: 0, success_rate: null })).toBe('No attempts in the last 24 hours');
  });

  it('gives the rate to a tenth of a percent with the count', () => {
    expect(successRateLabel({ attempts: 2, succeeded: 1, success_rate: 0.5 })).toBe('50% of 2 attempts succeeded in the last 24 hours');
    expect(successRateLabel({ attempts: 3, succeeded: 2, success_rate: 0.6667 })).toBe('66.7% of 3 attempts succeeded in the last 24 hours');
    expect(successRateLabel({ attempts: 1, succeeded: 1, success_rate: 1 })).toBe('100% of 1 attempt succeeded in the last 24 hours');
  });
});
