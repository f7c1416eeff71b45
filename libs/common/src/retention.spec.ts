import { retentionCutoff, webhookEventCutoffs } from './retention';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const DAY_MS = 24 * 3600 * 1000;

describe('retentionCutoff', () => {
  it('is the retention before now', () => {
    expect(retentionCutoff(NOW, 7 * 24 * 3600)).toEqual(new Date('2026-11-19T12:00:00.000Z'));
    expect(retentionCutoff(NOW, 2)).toEqual(new Date('2026-11-26T11:59:58.000Z'));
  });
});

describe('webhookEventCutoffs', () => {
  it('keeps failures as long as the other events when the retention is past the recover window', () => {
    expect(webhookEventCutoffs(NOW, 30 * 24 * 3600, 7 * DAY_MS)).toEqual({
      purgeBefore: new Date('2026-10-27T12:00:00.000Z'),
      failedBefore: new Date('2026-10-27T12:00:00.000Z'),
    });
  });

  it('keeps failures for the whole recover window when the retention is shorter', () => {
    expect(webhookEventCutoffs(NOW, 60, 7 * DAY_MS)).toEqual({
      purgeBefore: new Date('2026-11-26T11:59:00.000Z'),
      failedBefore: new Date('2026-11-19T12:00:00.000Z'),
    });
  });
});
