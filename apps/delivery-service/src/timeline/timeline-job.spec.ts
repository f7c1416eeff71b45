import { dueStep, readTimelineJob, stepAfter, timelineJobOf, waitingSince } from './timeline-job';

describe('a delivery timeline job', () => {
  const now = new Date(1_000_000);
  const job = timelineJobOf('del_test_abc', now, [
    { status: 'pending', delayMs: 10 },
    { status: 'driver_assigned', delayMs: 15 },
    { status: 'picked_up', delayMs: 30 },
  ]);

  it('holds each step with its absolute due time, in due order', () => {
    expect(job.steps).toEqual([
      { status: 'pending', dueAt: 1_000_010 },
      { status: 'driver_assigned', dueAt: 1_000_015 },
      { status: 'picked_up', dueAt: 1_000_030 },
    ]);
  });

  it('runs the last step whose time has come, none before the first', () => {
    expect(dueStep(job, 1_000_009)).toBeUndefined();
    expect(dueStep(job, 1_000_010)?.status).toBe('pending');
    expect(dueStep(job, 1_000_020)?.status).toBe('driver_assigned');
    expect(dueStep(job, 2_000_000)?.status).toBe('picked_up');
  });

  it('waits next for the step after the one it ran, and for nothing after the last', () => {
    expect(stepAfter(job, undefined)?.status).toBe('pending');
    expect(stepAfter(job, job.steps[0])?.status).toBe('driver_assigned');
    expect(stepAfter(job, job.steps[2])).toBeUndefined();
  });

  it('came due at its first step after its last run', () => {
    expect(waitingSince(job, undefined)).toBe(1_000_010);
    expect(waitingSince(job, 1_000_012)).toBe(1_000_015);
    expect(waitingSince(job, 1_000_030)).toBeUndefined();
  });

  it('reads back what it wrote, and refuses for good what is not a job', () => {
    expect(readTimelineJob(JSON.parse(JSON.stringify(job)))).toEqual(job);
    for (const data of [
      null,
      {},
      { deliveryId: 'x', steps: [{ status: 'nowhere', dueAt: 1 }] },
      { deliveryId: '', steps: [] },
      { deliveryId: 'x', steps: [{ status: 'pending' }] },
    ]) {
      expect(() => readTimelineJob(data)).toThrow('not a timeline job');
    }
  });
});
