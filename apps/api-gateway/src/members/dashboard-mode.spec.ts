import { AppError } from '@sdd/common';
import { dashboardMode } from './dashboard-mode';

describe('dashboardMode', () => {
  it('is test by default and live only when asked', () => {
    expect(dashboardMode(undefined)).toBe('test');
    expect(dashboardMode('test')).toBe('test');
    expect(dashboardMode('live')).toBe('live');
  });

  it('refuses anything else with a 400 naming the header, never falling back to a mode', () => {
    for (const header of ['LIVE', 'prod', '', ['live', 'test']]) {
      expect(() => dashboardMode(header)).toThrow(AppError);
      try {
        dashboardMode(header);
      } catch (error) {
        expect((error as AppError).toPayload()).toMatchObject({ status: 400, code: 'parameter_invalid', param: 'Dashboard-Mode' });
      }
    }
  });
});
