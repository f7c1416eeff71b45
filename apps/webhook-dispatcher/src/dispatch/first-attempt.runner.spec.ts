import { AttemptSlots } from './attempt-slots';
import { AttemptJob, AttemptQueue } from './attempt.queue';
import { COVER_AFTER_MS, FirstAttemptRunner, MAX_WAIT_MS } from './first-attempt.runner';
import { MakeScheduledAttemptHandler } from './make-scheduled-attempt.handler';
import { AttemptContext, FirstAttempt } from './message-send.repository';
import { StaleFirstAttemptsTask } from './stale-first-attempts.task';

const context = (): AttemptContext => ({
  status: 'pending',
  round: 0,
  attemptCount: 0,
  nextAttemptAt: null,
  body: Buffer.from('{}'),
  endpoint: { id: 'wh_1', url: 'https://example.com/hook', active: true, failing: false, secretSealed: 'sealed', previousSecretSealed: null, previousSecretExpiresAt: null },
});
const first = (n: number): FirstAttempt => ({ attempt: { eventId: `evt_${n}`, endpointId: 'wh_1', number: 1 }, context: context() });
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** The runner with a handler whose attempts end when the test says, and a queue that records what it was given. */
function setUp(slots: number) {
  const finish = new Map<string, () => void>();
  const made: Array<{ job: AttemptJob; known?: AttemptContext }> = [];
  const handler = {
    execute: (job: AttemptJob, known?: AttemptContext) =>
      new Promise<void>((resolve) => {
        made.push({ job, known });
        finish.set(job.eventId, resolve);
      }),
  } as unknown as MakeScheduledAttemptHandler;
  const covers: Array<{ attempts: AttemptJob[]; at: Date }> = [];
  const queued: AttemptJob[] = [];
  const queue = {
    cover: async (attempts: AttemptJob[], at: Date) => void covers.push({ attempts, at }),
    add: async (jobs: AttemptJob[]) => void queued.push(...jobs),
  } as unknown as AttemptQueue;
  const runner = new FirstAttemptRunner(handler, queue, new AttemptSlots(slots));
  return { runner, made, finish, covers, queued };
}

describe('FirstAttemptRunner', () => {
  afterEach(() => jest.useRealTimers());

  it('covers the whole batch with one job due after the longest an attempt can take here, then makes the attempts with what the fan-out read', async () => {
    const { runner, made, covers, queued } = setUp(10);
    const now = Date.now();
    await runner.start([first(1), first(2)]);
    await flush();
    expect(covers).toHaveLength(1);
    expect(covers[0].attempts.map((attempt) => attempt.eventId)).toEqual(['evt_1', 'evt_2']);
    expect(covers[0].at.getTime()).toBeGreaterThanOrEqual(now + COVER_AFTER_MS);
    expect(made.map(({ job }) => job.eventId)).toEqual(['evt_1', 'evt_2']);
    expect(made[0].known?.endpoint.url).toBe('https://example.com/hook');
    expect(queued).toEqual([]);
  });

  it('queues at once what does not fit (four waiting per slot), still covered', async () => {
    const { runner, made, covers, queued } = setUp(1);
    await runner.start([1, 2, 3, 4, 5, 6, 7].map(first));
    await flush();
    expect(covers[0].attempts).toHaveLength(7);
    expect(made.map(({ job }) => job.eventId)).toEqual(['evt_1']);
    expect(queued.map((job) => job.eventId)).toEqual(['evt_5', 'evt_6', 'evt_7']);
  });

  it('leaves an attempt offered again to the run that holds it, and covers nothing twice', async () => {
    const { runner, made, finish, covers } = setUp(1);
    await runner.start([first(1), first(2)]);
    await runner.start([first(1), first(2), first(3)]);
    await flush();
    expect(covers.map((cover) => cover.attempts.map((attempt) => attempt.eventId))).toEqual([['evt_1', 'evt_2'], ['evt_3']]);
    expect(runner.holds({ eventId: 'evt_2', endpointId: 'wh_1', number: 1 })).toBe(true);
    finish.get('evt_1')?.();
    await flush();
    expect(runner.holds({ eventId: 'evt_1', endpointId: 'wh_1', number: 1 })).toBe(false);
    expect(made.map(({ job }) => job.eventId)).toEqual(['evt_1', 'evt_2']);
  });

  it('queues an attempt that waited for a slot longer than MAX_WAIT_MS, for any replica to take', async () => {
    jest.useFakeTimers();
    const { runner, made, finish, queued } = setUp(1);
    const staleCheck = new StaleFirstAttemptsTask(runner);
    staleCheck.onApplicationBootstrap();
    await runner.start([first(1), first(2)]);
    await jest.advanceTimersByTimeAsync(MAX_WAIT_MS + 1000);
    expect(queued.map((job) => job.eventId)).toEqual(['evt_2']);
    expect(runner.holds({ eventId: 'evt_2', endpointId: 'wh_1', number: 1 })).toBe(false);
    expect(made.map(({ job }) => job.eventId)).toEqual(['evt_1']);
    finish.get('evt_1')?.();
    await staleCheck.onModuleDestroy();
    await runner.beforeApplicationShutdown();
  });

  it('runs an attempt the queue gave it only when the same attempt does not wait or run here, and holds it meanwhile', async () => {
    const { runner, made, finish } = setUp(1);
    await runner.start([first(1), first(2)]);
    await flush();
    const queuedRuns: string[] = [];
    const queuedRun = (n: number) => runner.runUnlessHeld(first(n).attempt, async () => void queuedRuns.push(`evt_${n}`));
    // evt_1 runs here, evt_2 waits for the slot: a cover job or a handed-over job meeting them sends nothing.
    await queuedRun(1);
    await queuedRun(2);
    expect(queuedRuns).toEqual([]);

    let endQueued!: () => void;
    const running = runner.runUnlessHeld(first(3).attempt, () => new Promise<void>((resolve) => (endQueued = resolve)));
    expect(runner.holds(first(3).attempt)).toBe(true);
    // The event offered again while its attempt runs from the queue: not started a second time.
    await runner.start([first(3)]);
    await queuedRun(3);
    expect(queuedRuns).toEqual([]);
    endQueued();
    await running;
    expect(runner.holds(first(3).attempt)).toBe(false);
    await queuedRun(3);
    expect(queuedRuns).toEqual(['evt_3']);

    finish.get('evt_1')?.();
    await flush();
    finish.get('evt_2')?.();
    await flush();
    expect(made.map(({ job }) => job.eventId)).toEqual(['evt_1', 'evt_2']);
  });

  it('lets a failed queued run fail its job, and holds nothing after it', async () => {
    const { runner } = setUp(1);
    await expect(runner.runUnlessHeld(first(1).attempt, async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(runner.holds(first(1).attempt)).toBe(false);
    await runner.beforeApplicationShutdown();
  });

  it('on shutdown queues the waiting, starts nothing new, and waits for the running to be recorded', async () => {
    const { runner, made, finish, queued } = setUp(1);
    await runner.start([first(1), first(2)]);
    await flush();
    let stopped = false;
    const stopping = runner.beforeApplicationShutdown().then(() => (stopped = true));
    await flush();
    expect(queued.map((job) => job.eventId)).toEqual(['evt_2']);
    expect(stopped).toBe(false);
    await runner.start([first(3)]);
    expect(queued.map((job) => job.eventId)).toEqual(['evt_2', 'evt_3']);
    finish.get('evt_1')?.();
    await stopping;
    expect(made.map(({ job }) => job.eventId)).toEqual(['evt_1']);
  });

  it('leaves a failed attempt to its cover job and frees its slot', async () => {
    const covers: AttemptJob[][] = [];
    const failing = { execute: async () => Promise.reject(new Error('database down')) } as unknown as MakeScheduledAttemptHandler;
    const queue = { cover: async (attempts: AttemptJob[]) => void covers.push(attempts), add: async () => undefined } as unknown as AttemptQueue;
    const slots = new AttemptSlots(1);
    const own = new FirstAttemptRunner(failing, queue, slots);
    await own.start([first(1)]);
    await flush();
    await flush();
    expect(slots.inUse).toBe(0);
    expect(own.holds({ eventId: 'evt_1', endpointId: 'wh_1', number: 1 })).toBe(false);
    expect(covers).toHaveLength(1);
  });
});
