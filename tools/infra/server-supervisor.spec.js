'use strict';

const { canSupervise, superviseServer } = require('./server-supervisor');

/**
 * A server handle whose process exits when the test says so, and whose
 * relaunches are scripted: each call takes the next outcome (a new pid, or an
 * error).
 * @param {Array<number | Error>} relaunches
 */
function fakeServer(relaunches) {
  /** @type {Array<(status: import('./processes').ExitStatus) => void>} */
  const exits = [];
  const exitPromise = () => new Promise((resolve) => exits.push(resolve));
  /** @type {import('./server').ServerHandle} */
  const handle = {
    url: 'redis://:secret@127.0.0.1:6390',
    port: 6390,
    pid: 100,
    reused: false,
    external: false,
    exited: exitPromise(),
    relaunch: async () => {
      const next = relaunches.shift();
      if (next instanceof Error || next === undefined) throw next ?? new Error('no more relaunches scripted');
      Object.assign(handle, { pid: next, exited: exitPromise() });
    },
    stop: async () => undefined,
  };
  return { handle, die: (/** @type {NodeJS.Signals} */ signal) => exits.at(-1)?.({ code: null, signal }) };
}

describe('superviseServer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('restarts a server that died after 1 s, logging the signal and the port it comes back on, and tells who follows its pid', async () => {
    const { handle, die } = fakeServer([101]);
    const log = jest.fn();
    const onRestart = jest.fn();
    const supervised = superviseServer({ name: 'Redis', handle, log, onRestart });

    die('SIGKILL');
    await jest.advanceTimersByTimeAsync(999);
    expect(handle.pid).toBe(100);
    expect(log.mock.calls[0][0]).toMatch(/^Redis \(pid 100\) exited unexpectedly \(signal SIGKILL\) after 0 s; restarting on port 6390 in 1 s \(crash 1 in a row\)$/);
    await jest.advanceTimersByTimeAsync(1);
    expect(handle.pid).toBe(101);
    expect(log).toHaveBeenLastCalledWith('Redis restarted (pid 101, port 6390)');
    expect(onRestart).toHaveBeenCalledWith(100, 101);

    supervised.halt();
    await supervised.done;
  });

  it('counts a restart that fails as one more crash in a row, and backs off further', async () => {
    const { handle, die } = fakeServer([new Error('port 6390 in use'), 102]);
    const log = jest.fn();
    const supervised = superviseServer({ name: 'Postgres', handle, log });

    die('SIGKILL');
    await jest.advanceTimersByTimeAsync(1000);
    expect(log.mock.calls[1][0]).toMatch(/exited unexpectedly \(restart failed: port 6390 in use\).*restarting on port 6390 in 2 s \(crash 2 in a row\)/);
    await jest.advanceTimersByTimeAsync(2000);
    expect(handle.pid).toBe(102);

    supervised.halt();
    await supervised.done;
  });

  it('starts the count again for a server that stayed up a minute', async () => {
    const { handle, die } = fakeServer([101, 102]);
    const log = jest.fn();
    const supervised = superviseServer({ name: 'Redis', handle, log });
    die('SIGKILL');
    await jest.advanceTimersByTimeAsync(1000);
    await jest.advanceTimersByTimeAsync(60_000);
    die('SIGKILL');
    await jest.advanceTimersByTimeAsync(0);
    expect(log.mock.calls.at(-1)?.[0]).toMatch(/in 1 s \(crash 1 in a row\)$/);
    supervised.halt();
    await supervised.done;
  });

  it('does not restart once halted (the caller is stopping it), even during the backoff', async () => {
    const { handle, die } = fakeServer([101]);
    const supervised = superviseServer({ name: 'Redis', handle, log: jest.fn() });
    die('SIGKILL');
    await jest.advanceTimersByTimeAsync(500);
    supervised.halt();
    await supervised.done;
    await jest.advanceTimersByTimeAsync(5000);
    expect(handle.pid).toBe(100);
  });

  it('refuses servers it did not start: reused, or given by URL', () => {
    const { handle } = fakeServer([]);
    expect(canSupervise(handle)).toBe(true);
    expect(canSupervise({ ...handle, reused: true })).toBe(false);
    expect(canSupervise({ url: 'redis://elsewhere:6379', reused: false, external: true, stop: async () => undefined })).toBe(false);
    expect(() => superviseServer({ name: 'Redis', handle: { ...handle, reused: true }, log: jest.fn() })).toThrow(/not started here/);
  });
});
