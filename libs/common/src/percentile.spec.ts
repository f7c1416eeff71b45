import { percentile } from './percentile';

describe('percentile (nearest rank)', () => {
  const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('picks the value at rank ceil(p/100 * n)', () => {
    expect(percentile(oneToHundred, 50)).toBe(50);
    expect(percentile(oneToHundred, 99)).toBe(99);
    expect(percentile(oneToHundred, 99.5)).toBe(100);
    expect(percentile(oneToHundred, 100)).toBe(100);
  });

  it('never interpolates between two values', () => {
    expect(percentile([10, 20], 50)).toBe(10);
    expect(percentile([10, 20], 51)).toBe(20);
  });

  it('gives the smallest value for p = 0 and the only value of a single sample', () => {
    expect(percentile([3, 4, 5], 0)).toBe(3);
    expect(percentile([7], 0)).toBe(7);
    expect(percentile([7], 99)).toBe(7);
  });

  it('is NaN for no values and rejects p outside 0..100', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], -1)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });
});
