import { certificationFor, certificationProvinces, certificationValid, certifiedIn, searchRadiusKm, vehicleFits } from './eligibility';

describe('vehicleFits', () => {
  it.each([
    ['bike', 'bike', true],
    ['bike', 'car', false],
    ['car', 'bike', true],
    ['car', 'van', false],
    ['van', 'car', true],
    ['van', 'van', true],
  ] as const)('a %s driver for a %s quote: %p', (driver, required, fits) => {
    expect(vehicleFits(driver, required)).toBe(fits);
  });
});

describe('certifications', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('asks liquor service for alcohol, cannabis retail for cannabis, nothing for standard', () => {
    expect([certificationFor('alcohol'), certificationFor('cannabis'), certificationFor('standard')]).toEqual(['liquor_service', 'cannabis_retail', null]);
  });

  it('takes only approved, unexpired certifications', () => {
    expect(certificationValid({ status: 'approved', expiresAt: null }, now)).toBe(true);
    expect(certificationValid({ status: 'approved', expiresAt: new Date('2027-01-01T00:00:00Z') }, now)).toBe(true);
    expect(certificationValid({ status: 'approved', expiresAt: new Date('2026-11-24T12:00:00Z') }, now)).toBe(false);
    expect(certificationValid({ status: 'pending', expiresAt: null }, now)).toBe(false);
    expect(certificationValid({ status: 'revoked', expiresAt: null }, now)).toBe(false);
  });
});

describe('certificationProvinces', () => {
  it("asks for the pickup's province and, across a border, the dropoff's too", () => {
    expect(certificationProvinces('ON', 'ON')).toEqual(['ON']);
    expect(certificationProvinces('QC', 'ON')).toEqual(['QC', 'ON']);
  });

  it('covers a route only with a valid certification of every province it asks', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const quebec = { province: 'QC', status: 'approved' as const, expiresAt: null };
    const ontario = { province: 'ON', status: 'approved' as const, expiresAt: null };
    expect(certifiedIn([quebec], ['QC'], now)).toBe(true);
    expect(certifiedIn([quebec], ['QC', 'ON'], now)).toBe(false);
    expect(certifiedIn([quebec, ontario], ['QC', 'ON'], now)).toBe(true);
    expect(certifiedIn([quebec, { ...ontario, status: 'revoked' }], ['QC', 'ON'], now)).toBe(false);
  });
});

describe('searchRadiusKm', () => {
  it.each([
    [0, 3],
    [29_999, 3],
    [30_000, 6],
    [60_000, 12],
    [90_000, 24],
    [10 * 60_000, 25],
  ])('after %i ms looks %i km around the pickup', (elapsed, radius) => {
    expect(searchRadiusKm(elapsed, 3, 30_000, 25)).toBe(radius);
  });
});
