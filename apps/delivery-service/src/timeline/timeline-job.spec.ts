import { dueStep, groupTimelineJobs, jobAfter, MAX_DELIVERIES_PER_JOB, readTimelineJob, TimelineJob, timelineJobId, timelineJobOf } from './timeline-job';

describe('a delivery timeline job', () => {
  const now = new Date(1_000_000);
  const delays = [
    { status: 'pending', delayMs: 10 },
    { status: 'driver_assigned', delayMs: 15 },
    { status: 'picked_up', delayMs: 30 },
  ] as const;
  const job = timelineJobOf('del_test_abc', now, delays);

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

  it('hands the steps after the one it ran to the next job, for the deliveries still going, and nothing after the last', () => {
    expect(jobAfter(job, job.steps[0])).toEqual({ deliveryIds: ['del_test_abc'], steps: job.steps.slice(1) });
    expect(jobAfter(job, job.steps[1])).toEqual({ deliveryIds: ['del_test_abc'], steps: [job.steps[2]] });
    expect(jobAfter(job, job.steps[2])).toBeUndefined();
    const pair: TimelineJob = { deliveryIds: ['a', 'b'], steps: job.steps };
    expect(jobAfter(pair, pair.steps[0], ['b'])).toEqual({ deliveryIds: ['b'], steps: job.steps.slice(1) });
    expect(jobAfter(pair, pair.steps[0], [])).toBeUndefined();
  });

  it("names one delivery's job by the delivery and its first step, without the colon BullMQ refuses", () => {
    expect(timelineJobId(job)).toBe('del_test_abc.pending');
    const next = jobAfter(job, job.steps[0]);
    expect(next && timelineJobId(next)).toBe('del_test_abc.driver_assigned');
    expect(timelineJobId(job)).not.toContain(':');
  });

  it('names a group by all its deliveries: the same group twice has one id, another group sharing its first delivery another', () => {
    const group = { deliveryIds: ['a', 'b', 'c'], steps: job.steps };
    expect(timelineJobId(group)).toMatch(/^a\.pending\.3-[0-9a-f]{16}$/);
    expect(timelineJobId({ deliveryIds: ['a', 'b', 'c'], steps: job.steps })).toBe(timelineJobId(group));
    expect(timelineJobId({ deliveryIds: ['a', 'b', 'd'], steps: job.steps })).not.toBe(timelineJobId(group));
    expect(timelineJobId({ deliveryIds: ['a', 'b'], steps: job.steps })).not.toBe(timelineJobId({ deliveryIds: ['a'], steps: job.steps }));
  });

  it('reads back what it wrote, and refuses for good what is not a job', () => {
    expect(readTimelineJob(JSON.parse(JSON.stringify(job)))).toEqual(job);
    for (const data of [
      null,
      {},
      { deliveryIds: ['x'], steps: [{ status: 'nowhere', dueAt: 1 }] },
      { deliveryIds: [], steps: [{ status: 'pending', dueAt: 1 }] },
      { deliveryIds: [''], steps: [{ status: 'pending', dueAt: 1 }] },
      { deliveryIds: ['x'], steps: [] },
      { deliveryIds: ['x'], steps: [{ status: 'pending' }] },
      { deliveryId: 'x', steps: [{ status: 'pending', dueAt: 1 }] },
    ]) {
      expect(() => readTimelineJob(data)).toThrow('not a timeline job');
    }
  });
});

describe('grouping timeline jobs added together', () => {
  const at = (ms: number, id: string, steps: ReadonlyArray<{ status: 'pending' | 'driver_assigned' | 'failed'; delayMs: number }>) => timelineJobOf(id, new Date(ms), steps);
  const plan = [
    { status: 'pending', delayMs: 100 },
    { status: 'driver_assigned', delayMs: 200 },
  ] as const;

  it('merges deliveries on one schedule within the window, each step at the latest of their times', () => {
    const groups = groupTimelineJobs([at(1_003, 'b', plan), at(1_000, 'a', plan), at(1_009, 'c', plan)], 10);
    expect(groups).toEqual([
      {
        deliveryIds: ['a', 'b', 'c'],
        steps: [
          { status: 'pending', dueAt: 1_109 },
          { status: 'driver_assigned', dueAt: 1_209 },
        ],
      },
    ]);
  });

  it('keeps apart what is outside the window, on other steps, or on another schedule with the same steps', () => {
    const later = at(1_011, 'late', plan);
    const other = at(1_000, 'failing', [
      { status: 'pending', delayMs: 100 },
      { status: 'failed', delayMs: 200 },
    ]);
    const slower = at(1_000, 'slow', [
      { status: 'pending', delayMs: 100 },
      { status: 'driver_assigned', delayMs: 30_200 },
    ]);
    const groups = groupTimelineJobs([at(1_000, 'a', plan), later, other, slower], 10);
    expect(groups.map((group) => group.deliveryIds).sort()).toEqual([['a'], ['failing'], ['late'], ['slow']]);
  });

  it('no step of a member runs before its own time', () => {
    const jobs = Array.from({ length: 50 }, (_, i) => at(1_000 + ((i * 7) % 23), `d${i}`, plan));
    for (const group of groupTimelineJobs(jobs, 10)) {
      for (const id of group.deliveryIds) {
        const own = jobs.find((job) => job.deliveryIds[0] === id) as TimelineJob;
        group.steps.forEach((step, i) => {
          expect(step.dueAt).toBeGreaterThanOrEqual(own.steps[i].dueAt);
          expect(step.dueAt - own.steps[i].dueAt).toBeLessThanOrEqual(10);
        });
      }
    }
  });

  it('merges groups that reach a step together, up to the most a job holds', () => {
    const many = Array.from({ length: MAX_DELIVERIES_PER_JOB + 5 }, (_, i) => at(1_000, `d${i}`, plan));
    const groups = groupTimelineJobs(many, 10);
    expect(groups.map((group) => group.deliveryIds.length)).toEqual([MAX_DELIVERIES_PER_JOB, 5]);
    const again = groupTimelineJobs([{ deliveryIds: ['x', 'y'], steps: groups[1].steps }, groups[1]], 10);
    expect(again).toHaveLength(1);
    expect(again[0].deliveryIds).toHaveLength(7);
  });

  it('merges nothing with a window of 0, and leaves its input as it was', () => {
    const jobs = [at(1_000, 'a', plan), at(1_000, 'b', plan)];
    const copy = JSON.parse(JSON.stringify(jobs));
    expect(groupTimelineJobs(jobs, 0)).toEqual(jobs);
    groupTimelineJobs(jobs, 10);
    expect(jobs).toEqual(copy);
  });
});
