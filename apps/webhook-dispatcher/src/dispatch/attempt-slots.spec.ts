import { AttemptSlots, Release } from './attempt-slots';

const settled = async <T>(promise: Promise<T>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('AttemptSlots', () => {
  it('grants up to its size at once and the rest in the order they asked', async () => {
    const slots = new AttemptSlots(2);
    const tickets = [slots.acquire(), slots.acquire(), slots.acquire(), slots.acquire()];
    expect(await Promise.all(tickets.map((ticket) => settled(ticket.granted)))).toEqual([true, true, false, false]);
    expect(slots.inUse).toBe(2);

    (await tickets[0].granted)();
    expect(await settled(tickets[2].granted)).toBe(true);
    expect(await settled(tickets[3].granted)).toBe(false);
    expect(slots.inUse).toBe(2);
  });

  it('frees a slot once whatever the release is called twice', async () => {
    const slots = new AttemptSlots(1);
    const release = await slots.acquire().granted;
    const waiting = [slots.acquire(), slots.acquire()];
    release();
    release();
    expect(await settled(waiting[0].granted)).toBe(true);
    expect(await settled(waiting[1].granted)).toBe(false);
  });

  it('takes a ticket out of the line when cancelled before its turn, and refuses to cancel a granted one', async () => {
    const slots = new AttemptSlots(1);
    const first = slots.acquire();
    const second = slots.acquire();
    const third = slots.acquire();
    expect(first.cancel()).toBe(false);
    expect(second.cancel()).toBe(true);
    expect(second.cancel()).toBe(false);
    (await first.granted)();
    expect(await settled(third.granted)).toBe(true);
    expect(await settled(second.granted)).toBe(false);
    ((await third.granted) as Release)();
    expect(slots.inUse).toBe(0);
  });

  it('runs a task in a slot and frees it when the task fails', async () => {
    const slots = new AttemptSlots(1);
    await expect(slots.run(async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(slots.inUse).toBe(0);
    await expect(slots.run(async () => 7)).resolves.toBe(7);
  });

  it('refuses a size below one', () => {
    expect(() => new AttemptSlots(0)).toThrow(RangeError);
  });
});
