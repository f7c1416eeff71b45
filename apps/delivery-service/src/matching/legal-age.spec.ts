import { ageOn, legalAgeFor } from './legal-age';

describe('legalAgeFor', () => {
  it.each([
    ['alcohol', 'ON', 19],
    ['alcohol', 'QC', 18],
    ['alcohol', 'AB', 18],
    ['alcohol', 'BC', 19],
    ['cannabis', 'ON', 19],
    ['cannabis', 'QC', 21],
    ['cannabis', 'AB', 18],
    ['standard', 'ON', null],
  ] as const)('%s in %s: %p', (category, province, age) => {
    expect(legalAgeFor(category, province)).toBe(age);
  });
});

describe('ageOn', () => {
  const on = new Date('2026-11-24T15:00:00Z');
  it.each([
    ['2007-11-24', 19],
    ['2007-11-25', 18],
    ['2007-12-01', 18],
    ['2007-10-31', 19],
    ['2008-02-29', 18],
  ])('born %s → %i on 2026-11-24', (birth, age) => {
    expect(ageOn(birth, on)).toBe(age);
  });
});
