import { soakConfig } from './soak-config';

describe('soakConfig', () => {
  it('defaults to 50 deliveries/s for 30 min, sampled every 30 s, with retentions of 2 min', () => {
    expect(soakConfig({})).toMatchObject({ rate: 50, durationMs: 1_800_000, sampleMs: 30_000, retentionSeconds: 120, purgeIntervalMs: 10_000 });
  });

  it('takes each size from the environment', () => {
    const config = soakConfig({ DRILL_SOAK_RATE: '15', DRILL_SOAK_MS: '240000', DRILL_SOAK_RETENTION_SECONDS: '45', DRILL_APP_ENV: 'A=1' });
    expect(config).toMatchObject({ rate: 15, durationMs: 240_000, retentionSeconds: 45, appEnv: { A: '1' } });
  });

  it('refuses a value that is not a number or too small', () => {
    expect(() => soakConfig({ DRILL_SOAK_RATE: 'fast' })).toThrow('DRILL_SOAK_RATE must be a number ≥ 0.1, got "fast"');
    expect(() => soakConfig({ DRILL_SOAK_MS: '500' })).toThrow('DRILL_SOAK_MS must be a number ≥ 10000');
  });
});
