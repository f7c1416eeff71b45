import { dueStep, jobAfter, readTimelineJob, timelineJobId, timelineJobOf } from './timeline-job';

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

  it('hands the steps after the one it ran to the next job, and nothing after the last', () => {
    expect(jobAfter(job, job.steps[0])).toEqual({ deliveryId: 'del_test_abc', steps: job.steps.slice(1) });
    expect(jobAfter(job, job.steps[1])).toEqual({ deliveryId: 'del_test_abc', steps: [job.steps[2]] });
    expect(jobAfter(job, job.steps[2])).toBeUndefined();
  });

  it('is named by its delivery and its first step, without the colon BullMQ refuses', () => {
    expect(timelineJobId(job)).toBe('del_test_abc.pending');
    const next = jobAfter(job, job.steps[0]);
    expect(next && timelineJobId(next)).toBe('del_test_abc.driver_assigned');
    expect(timelineJobId(job)).not.toContain(':');
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
