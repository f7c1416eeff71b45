import { mayCrossProvinces } from './restricted-route';

describe('mayCrossProvinces', () => {
  it.each([
    ['cannabis', 'ON', 'QC', false],
    ['cannabis', 'QC', 'ON', false],
    ['cannabis', 'AB', 'SK', false],
    ['cannabis', 'QC', 'QC', true],
    ['alcohol', 'ON', 'QC', true],
    ['alcohol', 'QC', 'ON', true],
    ['alcohol', 'ON', 'ON', true],
    ['standard', 'ON', 'QC', true],
  ] as const)('%s from %s to %s: %p', (category, from, to, allowed) => {
    expect(mayCrossProvinces(category, from, to)).toBe(allowed);
  });
});
