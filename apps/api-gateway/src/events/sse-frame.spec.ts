import { SSE_HEARTBEAT, sseEventFrame, sseOpeningFrame } from './sse-frame';

describe('server-sent event frames', () => {
  it('carries the id, the type and the envelope on one data line', () => {
    const envelope = { id: 'evt_1', type: 'delivery.created', created_at: '2026-11-27T12:00:00.000Z', data: { note: 'two\nlines' }, sequence: 1 };
    const frame = sseEventFrame(envelope);
    expect(frame).toBe(`id: evt_1\nevent: delivery.created\ndata: ${JSON.stringify(envelope)}\n\n`);
    expect(frame.split('\n').filter((line) => line.startsWith('data: '))).toHaveLength(1);
    expect(JSON.parse(frame.split('\n')[2].slice('data: '.length))).toEqual(envelope);
  });

  it('opens with a retry delay and beats with a comment', () => {
    expect(sseOpeningFrame()).toBe('retry: 1000\n\n');
    expect(SSE_HEARTBEAT.startsWith(':')).toBe(true);
  });
});
