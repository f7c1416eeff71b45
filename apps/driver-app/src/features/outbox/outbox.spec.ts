import { describe, expect, it } from '@jest/globals';
import type { StatusReport } from '../delivery/delivery-steps';
import { enqueue, MAX_QUEUED_LOCATIONS, type OutboxEntry, replay, type SendResult, verdictOf } from './outbox';

const location = (id: string): OutboxEntry => ({ id, kind: 'location', lat: 43.65, lng: -79.38, attempted: false });
const step = (id: string, status: StatusReport['status'], attempted = false): OutboxEntry => ({ id, kind: 'status', deliveryId: 'del_1', report: { status }, attempted });

describe('outbox', () => {
  it('replays in order and stops at the first entry without an answer, keeping it and all after it', async () => {
    const sent: string[] = [];
    const answers: SendResult[] = [{ status: 200 }, { status: 200 }, 'no_answer'];
    const entries = [step('a', 'picked_up'), location('b'), step('c', 'in_transit'), step('d', 'delivered')];
    const outcome = await replay(entries, async (entry) => {
      sent.push(entry.id);
      return answers.shift() ?? { status: 200 };
    });
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(outcome.sent.map(({ entry }) => entry.id)).toEqual(['a', 'b']);
    expect(outcome.remaining.map((entry) => entry.id)).toEqual(['c', 'd']);
    expect(outcome.remaining[0].attempted).toBe(true);
    expect(outcome.remaining[1].attempted).toBe(false);

    const again: string[] = [];
    const rest = await replay(outcome.remaining, async (entry) => {
      again.push(entry.id);
      return { status: 200 };
    });
    expect(again).toEqual(['c', 'd']);
    expect(rest.remaining).toEqual([]);
  });

  it('counts a step refused as already made as arrived only when an earlier attempt may have reached the API', () => {
    const conflict: SendResult = { status: 409, code: 'delivery_transition_invalid' };
    expect(verdictOf(step('a', 'picked_up', true), conflict)).toBe('done');
    expect(verdictOf(step('a', 'picked_up', false), conflict)).toBe('rejected');
    expect(verdictOf(step('a', 'delivered', true), { status: 409, code: 'pin_mismatch' })).toBe('rejected');
    expect(verdictOf(location('b'), { status: 503 })).toBe('retry');
    expect(verdictOf(location('b'), { status: 429 })).toBe('retry');
    expect(verdictOf(step('a', 'picked_up'), { status: 401, code: 'driver_session_invalid' })).toBe('retry');
    expect(verdictOf(location('b'), 'no_answer')).toBe('retry');
  });

  it('drops the oldest locations past the cap, never a step', () => {
    let entries: OutboxEntry[] = [step('s', 'in_transit')];
    for (let i = 0; i < MAX_QUEUED_LOCATIONS + 5; i++) entries = enqueue(entries, location(`l${i}`));
    expect(entries).toHaveLength(MAX_QUEUED_LOCATIONS + 1);
    expect(entries[0].id).toBe('s');
    expect(entries[1].id).toBe('l5');
  });

  it('passes refusals on and goes on with the rest', async () => {
    const outcome = await replay([step('a', 'delivered'), location('b')], async (entry) =>
      entry.id === 'a' ? { status: 409, code: 'pin_mismatch', message: 'Wrong PIN' } : { status: 200 },
    );
    expect(outcome.rejected.map(({ entry }) => entry.id)).toEqual(['a']);
    expect(outcome.sent.map(({ entry }) => entry.id)).toEqual(['b']);
    expect(outcome.remaining).toEqual([]);
  });
});
