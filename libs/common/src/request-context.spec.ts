import { currentRequestContext, requestDeadlinePassed, runOutsideRequestContext, runWithRequestContext } from './request-context';

describe('request context', () => {
  it('follows the work of a request, including what it awaits', async () => {
    const seen = await runWithRequestContext({ requestId: 'req_1', deadline: 1_000 }, async () => {
      await Promise.resolve();
      return currentRequestContext();
    });
    expect(seen).toEqual({ requestId: 'req_1', deadline: 1_000 });
  });

  it('leaves background work a request sets off without its id or deadline', async () => {
    const background = runWithRequestContext({ requestId: 'req_2', deadline: 1_000 }, () =>
      runOutsideRequestContext(async () => {
        await Promise.resolve();
        return { context: currentRequestContext(), late: requestDeadlinePassed(5_000) };
      }),
    );
    expect(await background).toEqual({ context: undefined, late: false });
  });

  it('says when the caller stopped waiting', () => {
    runWithRequestContext({ requestId: 'req_3', deadline: 1_000 }, () => {
      expect(requestDeadlinePassed(999)).toBe(false);
      expect(requestDeadlinePassed(1_001)).toBe(true);
    });
  });
});
