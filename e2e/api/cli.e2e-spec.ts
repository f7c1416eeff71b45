import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceName } from '@sdd/contracts';
import { verifyWebhook } from '@sdd/signing';
import { MerchantKeys, repoRoot, TestSystem, waitFor } from '@sdd/testing';

/** What the local endpoint `listen` forwards to received: each event and whether its signature verified with the printed secret. */
interface Forwarded {
  id: string;
  type: string;
  deliveryId: string | undefined;
  sequence: number;
  signature: ReturnType<typeof verifyWebhook>;
}

/**
 * The sameday CLI run as a person runs it: in a real terminal (tmux), against
 * a whole system. `listen` forwards to a local server that verifies every
 * signature with the secret `listen` printed, through a gateway restart.
 */
describe('sameday CLI in a terminal', () => {
  const system = new TestSystem();
  const socket = `sdd-cli-${process.pid}`;
  const cli = join(repoRoot(), 'apps', 'cli', 'bin', 'sameday.js');
  let configHome: string;
  let keys: MerchantKeys;
  let receiver: Server;
  let forwardTo: string;
  let secret = '';
  const forwarded: Forwarded[] = [];

  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
  /** A terminal of its own running an interactive shell, with the CLI's config under the test's own XDG_CONFIG_HOME. */
  const openTerminal = (name: string) =>
    tmux('new-session', '-d', '-s', name, '-x', '200', '-y', '50', '-e', `XDG_CONFIG_HOME=${configHome}`, '-e', 'PS1=$ ', 'bash --norc --noprofile');
  const type = (name: string, line: string) => {
    tmux('send-keys', '-t', name, '-l', line);
    tmux('send-keys', '-t', name, 'Enter');
  };
  /** What the terminal shows, wrapped lines joined, with its scroll-back. */
  const screen = (name: string) => tmux('capture-pane', '-p', '-J', '-t', name, '-S', '-500');
  const waitForScreen = (name: string, pattern: RegExp, timeoutMs = 30_000) =>
    waitFor(() => pattern.exec(screen(name)) ?? undefined, timeoutMs, 100).catch((error: Error) => {
      throw new Error(`${error.message}: no ${String(pattern)} in terminal ${name}:\n${screen(name)}`);
    });
  const sameday = (args: string) => `node ${cli} ${args}`;

  beforeAll(async () => {
    // 16 s from created to delivered: room for a gateway restart in the middle.
    await system.start({ env: { TIMELINE_SPEED: '5', EVENT_STREAM_MAX_PER_MERCHANT: '1' } });
    keys = await system.registerMerchant('CLI Co');
    configHome = mkdtempSync(join(tmpdir(), 'sameday-cli-config-'));
    receiver = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const event = JSON.parse(raw) as { id: string; type: string; sequence: number; data: { id?: string } };
        forwarded.push({
          id: event.id,
          type: event.type,
          deliveryId: event.data.id,
          sequence: event.sequence,
          signature: verifyWebhook(raw, request.headers['service-signature'] as string | undefined, secret),
        });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    forwardTo = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    for (const name of ['shell', 'listen', 'tail']) openTerminal(name);
  }, 120_000);

  afterAll(async () => {
    if (socket) execFileSync('tmux', ['-L', socket, 'kill-server'], { stdio: 'ignore' });
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
    if (configHome) rmSync(configHome, { recursive: true, force: true });
    await system.stop();
  }, 60_000);

  it('logs in at the prompt, checking the key, and keeps it readable by its owner only', async () => {
    type('shell', sameday(`login --mode test --api-base ${system.baseUrl}`));
    await waitForScreen('shell', /Paste your test API key/);
    type('shell', keys.test);
    await waitForScreen('shell', /Logged in to http:\/\/127\.0\.0\.1:\d+ as CLI Co \(test mode\)/);
    expect(statSync(join(configHome, 'sameday', 'config.json')).mode & 0o777).toBe(0o600);

    type('shell', `echo svc_test_wrong | ${sameday(`login --api-base ${system.baseUrl}`)}; echo "exit=$?"`);
    await waitForScreen('shell', /Error 401 api_key_invalid: .*\n(.*\n)*exit=1/);
  }, 60_000);

  it('forwards a triggered delivery up to delivery.delivered, signed, through a gateway restart, none twice', async () => {
    type('listen', sameday(`listen --forward-to ${forwardTo}`));
    secret = (await waitForScreen('listen', /Signing secret: (whsec_[A-Za-z0-9_-]+)/))[1];
    await waitForScreen('listen', /Connected: waiting for events/);
    type('tail', sameday('logs tail'));
    await waitForScreen('tail', /Tailing the test request log/);

    // The one stream this merchant may have is listen's.
    const second = await fetch(`${system.baseUrl}/v1/events/stream`, { headers: { authorization: `Bearer ${keys.test}` } });
    expect(second.status).toBe(429);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe('stream_limit_exceeded');

    type('shell', sameday('trigger delivered'));
    const deliveryId = (await waitForScreen('shell', /Created (del_test_\w+) \(quote qt_\w+\), scenario delivered:\n\s+the whole test timeline/))[1];
    const ofDelivery = () => forwarded.filter((event) => event.deliveryId === deliveryId);
    await waitFor(() => (ofDelivery().some((event) => event.type === 'delivery.created') ? true : undefined), 30_000);

    await system.stopApp(ServiceName.Gateway);
    await system.startApp(ServiceName.Gateway);
    const restartedAt = forwarded.length;

    await waitFor(() => (ofDelivery().some((event) => event.type === 'delivery.delivered') ? true : undefined), 60_000).catch((error: Error) => {
      throw new Error(`${error.message}; forwarded: ${JSON.stringify(ofDelivery().map((event) => event.type))}\n${screen('listen')}`);
    });
    const events = ofDelivery();
    expect(forwarded.length).toBeGreaterThan(restartedAt);
    expect(events.every((event) => event.signature.valid)).toBe(true);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    // Every event of the delivery, in order, from 1 to delivered's: none lost across the restart.
    expect(events.map((event) => event.sequence)).toEqual(events.map((_, index) => index + 1));
    expect(events.map((event) => event.type)).toEqual(['delivery.created', 'delivery.driver_assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.delivered']);
    await waitForScreen('listen', /delivery\.delivered\s+evt_\w+\s+→ 204/);

    // Requests made meanwhile show in the tail, the CLI's own and this one.
    const retrieved = await fetch(`${system.baseUrl}/v1/deliveries/${deliveryId}`, { headers: { authorization: `Bearer ${keys.test}` } });
    expect(retrieved.status).toBe(200);
    await waitForScreen('tail', /POST\s+\/v1\/deliveries\s+201/);
    await waitForScreen('tail', new RegExp(`GET\\s+/v1/deliveries/${deliveryId}\\s+200`));
  }, 180_000);

  it('lists, gets and cancels deliveries and resends events, printing the API error code on a refusal', async () => {
    type('shell', 'clear');
    type('shell', sameday('trigger slow_pickup --json'));
    const created = (await waitForScreen('shell', /\{"delivery_id":"(del_test_\w+)"/))[1];
    type('shell', sameday('deliveries list'));
    await waitForScreen('shell', new RegExp(`${created}\\s+\\w+\\s+\\$\\d+\\.\\d\\d`));
    type('shell', `${sameday('deliveries cancel del_test_missing')}; echo "exit=$?"`);
    await waitForScreen('shell', /Error 404 resource_missing: .*\n(.*\n)*exit=1/);
    type('shell', sameday(`deliveries get ${created} --json`));
    await waitForScreen('shell', new RegExp(`"id":"${created}"`));
    type('shell', `${sameday('events resend evt_missing1 --webhook wh_missing1 --json')}; echo "exit=$?"`);
    await waitForScreen('shell', /\{"error":\{"status":404,"code":"resource_missing".*\n(.*\n)*exit=1/);
  }, 60_000);

  it('answers a stream resumed after an unknown event 404 naming after, and a malformed one 400', async () => {
    const other = await system.registerMerchant('Stream Co');
    const open = (headers: Record<string, string>, query = '') =>
      fetch(`${system.baseUrl}/v1/events/stream${query}`, { headers: { authorization: `Bearer ${other.test}`, ...headers } });
    const unknown = await open({ 'last-event-id': 'evt_unknown1' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { param: string } }).error.param).toBe('after');
    const malformed = await open({}, '?after=not-an-event');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { param: string } }).error.param).toBe('after');
  }, 30_000);
});
