import { tallyAnswers, tallyShedding, TimedAnswer } from './answer-log';

const answer = (at: number, elapsedMs: number, outcome: TimedAnswer['outcome'], retryAfter = false): TimedAnswer => ({ at, elapsedMs, outcome, retryAfter });

describe('tallyAnswers', () => {
  it('counts the slowest, the late, the give-ups and the refusals that did not say when to retry', () => {
    const tally = tallyAnswers(
      [
        answer(1, 120, { status: 200 }),
        answer(2, 2500, { status: 201 }),
        answer(3, 5000, { failure: 'timeout' }),
        answer(4, 3, { failure: 'connection_error' }),
        answer(5, 2, { status: 503 }, true),
        answer(6, 2, { status: 429 }),
        answer(7, 2, { status: 409 }),
      ],
      2000,
    );
    expect(tally).toEqual({ answers: 7, slowestMs: 5000, late: 2, timeouts: 1, connectionErrors: 1, refusalsWithoutRetryAfter: 1 });
  });
});

describe('tallyShedding', () => {
  it('finds the first second with a 503 and the 2xx rate up to it and while shedding', () => {
    const answers = [
      ...[100, 200, 1100, 1200, 1300, 2100, 2200].map((at) => answer(at, 10, { status: 200 })),
      answer(2500, 1, { status: 503 }, true),
      answer(3500, 1, { status: 503 }, true),
      answer(3600, 10, { status: 201 }),
      answer(9000, 10, { status: 503 }, true),
    ];
    expect(tallyShedding(answers, 0, 4000)).toEqual({ shed: 2, startedAfterS: 2, servedPerSecondAtStart: 2, servedPerSecondWhileShedding: 2 });
  });

  it('reports no shedding when no 503 came', () => {
    expect(tallyShedding([answer(100, 10, { status: 200 })], 0, 1000)).toEqual({
      shed: 0,
      startedAfterS: null,
      servedPerSecondAtStart: null,
      servedPerSecondWhileShedding: null,
    });
  });
});
