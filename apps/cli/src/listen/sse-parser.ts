/** One server-sent event: `id` is the stream's last event id once this event is read (the spec's rule). */
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * The text/event-stream format (WHATWG HTML, "Server-sent events"), read as
 * chunks arrive: a chunk may end anywhere, even between \r and \n. Comments
 * (the heartbeat) and `retry:` are consumed; an event without data is not
 * dispatched.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private eventType = '';
  private lastEventId: string | undefined;
  /** The reconnection delay the server asked for, if any. */
  retryMs: number | undefined;

  constructor(lastEventId?: string) {
    this.lastEventId = lastEventId;
  }

  feed(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const events: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.eventType = value;
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return undefined;
  }

  private dispatch(): SseEvent | undefined {
    const data = this.data;
    const event = this.eventType || 'message';
    this.data = [];
    this.eventType = '';
    if (data.length === 0) return undefined;
    return { id: this.lastEventId, event, data: data.join('\n') };
  }
}
