import { PassThrough } from 'node:stream';
import type { BusClient } from '@sdd/bus';
import { ErrorType, EventStreamPage } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { Lifecycle } from '@sdd/runtime';
import type { AuthContext } from '../auth/auth-context';
import type { CallerAuthenticator } from '../auth/caller.authenticator';
import type { GatewayConfig } from '../config';
import { EventStreams } from './event-streams';

const auth = { merchantId: 'mer_1', mode: 'test', apiKeyId: 'key_1', requestId: 'req_1' } as AuthContext;
const headers = { authorization: 'Bearer svc_test_1' };
const envelope = (id: string) => ({ id, type: 'delivery.created', created_at: '2026-11-27T12:00:00.000Z', data: {}, sequence: 1 });

/** A bus whose webhook.stream_events answers from a script, one answer per request, then empty pages. */
function scriptedBus(answers: Array<EventStreamPage | Error>) {
  const requests: Array<Record<string, unknown>> = [];
  const bus = {
    requestFor: (_scope: unknown, _pattern: unknown, data: Record<string, unknown>) => {
      requests.push(data);
      const answer = answers.shift() ?? { data: [], position: String(data.position ?? 'p0') };
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  return { bus: bus as unknown as BusClient, requests };
}

/** An authenticator that always lets the credential through. */
function acceptingCallers(): CallerAuthenticator {
  return { authenticate: () => Promise.resolve(auth) } as unknown as CallerAuthenticator;
}

function read(stream: PassThrough): { text: () => string; ended: Promise<void> } {
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return { text: () => text, ended: new Promise((resolve) => stream.once('end', () => resolve())) };
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('EventStreams', () => {
  const config = { EVENT_STREAM_MAX_PER_MERCHANT: 1, EVENT_STREAM_POLL_MS: 50 } as GatewayConfig;
  const never = new Promise<void>(() => undefined);

  it('writes the first page, then asks from the position it was given, and goes on after a failed read', async () => {
    const { bus, requests } = scriptedBus([{ data: [envelope('evt_1')], position: 'p1' }, new Error('bus timeout'), { data: [envelope('evt_2')], position: 'p2' }]);
    const lifecycle = new Lifecycle();
    const streams = new EventStreams(bus, config, lifecycle, acceptingCallers());
    const output = read(await streams.open(auth, headers, 'evt_0', never));
    await until(() => output.text().includes('id: evt_2'));
    expect(output.text()).toMatch(/^retry: 1000\n\nid: evt_1\nevent: delivery.created\ndata: .*\n\nid: evt_2\n/);
    expect(requests.slice(0, 3)).toEqual([
      { afterEventId: 'evt_0', limit: 100 },
      { position: 'p1', limit: 100 },
      { position: 'p1', limit: 100 },
    ]);
    lifecycle.startDraining();
    await output.ended;
  });

  it('refuses a merchant past the cap with 429 stream_limit_exceeded, and frees the slot when a stream ends', async () => {
    const streams = new EventStreams(scriptedBus([]).bus, config, new Lifecycle(), acceptingCallers());
    let clientGone!: () => void;
    const first = read(await streams.open(auth, headers, undefined, new Promise<void>((resolve) => (clientGone = resolve))));
    await expect(streams.open(auth, headers, undefined, never)).rejects.toMatchObject({ status: 429, code: 'stream_limit_exceeded' });
    clientGone();
    await first.ended;
    const again = read(await streams.open(auth, headers, undefined, never));
    streams.beforeApplicationShutdown();
    await again.ended;
  });

  it("answers the first read's error before the stream opens, without keeping the slot", async () => {
    const { bus } = scriptedBus([AppError.notFound('No event evt_9', 'after')]);
    const streams = new EventStreams(bus, config, new Lifecycle(), acceptingCallers());
    await expect(streams.open(auth, headers, 'evt_9', never)).rejects.toMatchObject({ status: 404, param: 'after' });
    const opened = read(await streams.open(auth, headers, undefined, never));
    streams.beforeApplicationShutdown();
    await opened.ended;
  });

  it('ends a stream whose credential is refused when checked again, and not for an outage of the check', async () => {
    let state: 'valid' | 'outage' | 'revoked' = 'outage';
    const authenticator = {
      authenticate: () => {
        if (state === 'outage') return Promise.reject(AppError.serviceUnavailable('Redis down'));
        return state === 'valid' ? Promise.resolve(auth) : Promise.reject(new AppError(401, ErrorType.Authentication, 'api_key_invalid', 'Invalid API key.'));
      },
    } as unknown as CallerAuthenticator;
    const streams = new EventStreams(scriptedBus([]).bus, config, new Lifecycle(), authenticator);
    streams.authRecheckMs = 60;
    const output = read(await streams.open(auth, headers, undefined, never));
    let ended = false;
    void output.ended.then(() => (ended = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ended).toBe(false);
    state = 'revoked';
    await output.ended;
  });
});
