import { compareFigure, formatComparison } from './growth-compare';

const figure = (better: 'higher' | 'lower', empty: number, seeded: number) => ({ name: 'f', unit: 'ms', better, empty, seeded });

describe('compareFigure', () => {
  it('is within 10 % up to exactly 10 % worse, either kind of figure', () => {
    expect(compareFigure(figure('higher', 1000, 900))).toMatchObject({ ratio: 0.9, verdict: 'within 10 %' });
    expect(compareFigure(figure('lower', 10, 11)).verdict).toBe('within 10 %');
  });

  it('flags a throughput more than 10 % lower, or a latency more than 10 % longer, as WORSE', () => {
    expect(compareFigure(figure('higher', 1000, 899)).verdict).toBe('WORSE');
    expect(compareFigure(figure('lower', 10, 11.2)).verdict).toBe('WORSE');
  });

  it('flags a figure more than 10 % better too: a large move either way is worth a look', () => {
    expect(compareFigure(figure('higher', 1000, 1200)).verdict).toBe('better');
    expect(compareFigure(figure('lower', 10, 8)).verdict).toBe('better');
  });

  it('flags a figure that could not be measured', () => {
    expect(compareFigure(figure('higher', 0, 0)).verdict).toBe('WORSE');
  });
});

describe('formatComparison', () => {
  it('prints empty, seeded, ratio and verdict on one row per figure', () => {
    const table = formatComparison([compareFigure({ name: 'GET /v1/deliveries/{id}', unit: 'req/s', better: 'higher', empty: 2000, seeded: 1500 })]);
    expect(table.split('\n')).toHaveLength(2);
    expect(table.split('\n')[1]).toMatch(/^GET \/v1\/deliveries\/\{id\}\s+2000\s+1500\s+req\/s\s+0\.75×\s+WORSE$/);
  });
});
