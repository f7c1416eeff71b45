import { SseParser } from './sse-parser';

describe('SseParser', () => {
  it('reads events split anywhere across chunks, skipping comments and keeping the retry', () => {
    const text = 'retry: 1000\n\n: heartbeat\n\nid: evt_1\nevent: delivery.created\ndata: {"id":"evt_1"}\n\nid: evt_2\r\nevent: delivery.delivered\r\ndata: {"id":"evt_2"}\r\n\r\n';
    for (let cut = 0; cut <= text.length; cut++) {
      const parser = new SseParser();
      const events = [...parser.feed(text.slice(0, cut)), ...parser.feed(text.slice(cut))];
      expect(events).toEqual([
        { id: 'evt_1', event: 'delivery.created', data: '{"id":"evt_1"}' },
        { id: 'evt_2', event: 'delivery.delivered', data: '{"id":"evt_2"}' },
      ]);
      expect(parser.retryMs).toBe(1000);
    }
  });

  it('joins data lines, defaults the type to message and keeps the last id for events without one', () => {
    const parser = new SseParser('evt_0');
    expect(parser.feed('data: a\ndata:b\n\nid: evt_9\n\n')).toEqual([{ id: 'evt_0', event: 'message', data: 'a\nb' }]);
    expect(parser.feed('data: c\n\n')).toEqual([{ id: 'evt_9', event: 'message', data: 'c' }]);
  });

  it('dispatches nothing for a block without data, and waits for an event to end', () => {
    const parser = new SseParser();
    expect(parser.feed('event: x\n\n')).toEqual([]);
    expect(parser.feed('data: unfinished\n')).toEqual([]);
  });
});
