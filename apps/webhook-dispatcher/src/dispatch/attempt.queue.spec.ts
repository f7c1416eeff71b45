import { attemptJobId } from './attempt.queue';

describe('attemptJobId', () => {
  it('names one attempt of one round, keeping the first round’s ids as they were before rounds existed', () => {
    expect(attemptJobId({ eventId: 'evt_1', endpointId: 'wh_1', number: 2 })).toBe('evt_1.wh_1.2');
    expect(attemptJobId({ eventId: 'evt_1', endpointId: 'wh_1', number: 2, round: 0 })).toBe('evt_1.wh_1.2');
    expect(attemptJobId({ eventId: 'evt_1', endpointId: 'wh_1', number: 2, round: 1 })).toBe('evt_1.wh_1.r1.2');
    expect(attemptJobId({ eventId: 'evt_1', endpointId: 'wh_1', number: 1, round: 1 })).not.toBe(attemptJobId({ eventId: 'evt_1', endpointId: 'wh_1', number: 1 }));
  });
});
