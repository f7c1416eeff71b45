import { UnrecoverableError } from 'bullmq';
import { ATTEMPT_JOB_BACKOFF, attemptJobId, readAttemptJob } from './attempt.queue';

describe('attemptJobId', () => {
  it('names one attempt of one round, keeping the first round’s ids as they were before rounds existed', () => {
    expect(attemptJobId({ eventId: 'evt_1', endpointId: 'wh_1', number: 2 })).toBe('evt_1.wh_1.2');
    expect(attemptJobId({ eventId: 'evt_1', endpointId: 'wh_1', number: 2, round: 0 })).toBe('evt_1.wh_1.2');
    expect(attemptJobId({ eventId: 'evt_1', endpointId: 'wh_1', number: 2, round: 1 })).toBe('evt_1.wh_1.r1.2');
    expect(attemptJobId({ eventId: 'evt_1', endpointId: 'wh_1', number: 1, round: 1 })).not.toBe(attemptJobId({ eventId: 'evt_1', endpointId: 'wh_1', number: 1 }));
  });
});

describe('readAttemptJob', () => {
  it('reads one attempt, as jobs of one attempt always were', () => {
    expect(readAttemptJob({ eventId: 'evt_1', endpointId: 'wh_1', number: 3, round: 1 })).toEqual({
      attempts: [{ eventId: 'evt_1', endpointId: 'wh_1', number: 3, round: 1 }],
      cover: false,
    });
    expect(readAttemptJob({ eventId: 'evt_1', endpointId: 'wh_1', number: 1 })).toEqual({
      attempts: [{ eventId: 'evt_1', endpointId: 'wh_1', number: 1 }],
      cover: false,
    });
  });

  it('reads a cover job’s attempts, keeping only the fields of an attempt', () => {
    expect(
      readAttemptJob({
        covers: [
          { eventId: 'evt_1', endpointId: 'wh_1', number: 1, extra: 'dropped' },
          { eventId: 'evt_2', endpointId: 'wh_1', number: 1, round: 0 },
        ],
      }),
    ).toEqual({
      attempts: [
        { eventId: 'evt_1', endpointId: 'wh_1', number: 1 },
        { eventId: 'evt_2', endpointId: 'wh_1', number: 1, round: 0 },
      ],
      cover: true,
    });
  });

  it.each([
    ['nothing', null],
    ['no event id', { endpointId: 'wh_1', number: 1 }],
    ['an empty endpoint id', { eventId: 'evt_1', endpointId: '', number: 1 }],
    ['attempt number 0', { eventId: 'evt_1', endpointId: 'wh_1', number: 0 }],
    ['a fractional number', { eventId: 'evt_1', endpointId: 'wh_1', number: 1.5 }],
    ['a negative round', { eventId: 'evt_1', endpointId: 'wh_1', number: 1, round: -1 }],
    ['a number as text', { eventId: 'evt_1', endpointId: 'wh_1', number: '1' }],
    ['a cover of nothing', { covers: [] }],
    ['a cover that is no list', { covers: { eventId: 'evt_1' } }],
    ['a cover with one bad attempt', { covers: [{ eventId: 'evt_1', endpointId: 'wh_1', number: 1 }, { eventId: 'evt_2' }] }],
  ])('fails for good on %s', (_, data) => {
    expect(() => readAttemptJob(data)).toThrow(UnrecoverableError);
  });
});

describe('ATTEMPT_JOB_BACKOFF', () => {
  it('waits 1 s after the first failed run, doubling up to the last of the ten runs', () => {
    expect([1, 2, 3, 9].map(ATTEMPT_JOB_BACKOFF.delayMs)).toEqual([1_000, 2_000, 4_000, 256_000]);
  });
});
