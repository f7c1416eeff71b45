import { TIMELINE_STALL_MS, timelineWorkersStalled } from './timeline-stall';

describe('timeline workers stalled', () => {
  const past = TIMELINE_STALL_MS + 1;

  it('when a step has waited past the stall time and the workers took nothing for as long', () => {
    expect(timelineWorkersStalled({ oldestDueAgeMs: past, sinceLastTakenMs: past })).toBe(true);
  });

  it('not while the workers are taking jobs, however late the oldest step (a backlog being worked off)', () => {
    expect(timelineWorkersStalled({ oldestDueAgeMs: 10 * TIMELINE_STALL_MS, sinceLastTakenMs: 100 })).toBe(false);
  });

  it('not when nothing is due, however long the workers have been idle', () => {
    expect(timelineWorkersStalled({ oldestDueAgeMs: 0, sinceLastTakenMs: 10 * TIMELINE_STALL_MS })).toBe(false);
  });

  it('not before the stall time: an idle worker may still be in its longest blocking read', () => {
    expect(timelineWorkersStalled({ oldestDueAgeMs: TIMELINE_STALL_MS, sinceLastTakenMs: TIMELINE_STALL_MS })).toBe(false);
    expect(timelineWorkersStalled({ oldestDueAgeMs: 5_000, sinceLastTakenMs: 5_000 }, 4_000)).toBe(true);
  });
});
