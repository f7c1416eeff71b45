import { COMMIT_MARGIN_MS, currentRequestContext, requestDeadlinePassed, runOutsideRequestContext, runWithRequestContext, tooLateToCommit } from './request-context';

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

describe('tooLateToCommit', () => {
  it("lets work commit while more than the margin is left before its caller's deadline", () => {
    expect(tooLateToCommit(10_000, 10_000 - COMMIT_MARGIN_MS)).toBe(false);
    expect(tooLateToCommit(undefined, 10_000)).toBe(false);
  });

  it('refuses it within the margin and past the deadline', () => {
    expect(tooLateToCommit(10_000, 10_000 - COMMIT_MARGIN_MS + 1)).toBe(true);
    expect(tooLateToCommit(10_000, 10_001)).toBe(true);
  });
});
