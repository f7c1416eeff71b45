import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:https';
import { SIGNATURE_HEADER, signPayload } from '@sdd/signing';

/** The size of each body: about a delivery event's. */
const BODY_BYTES = 1024;

/** A body of BODY_BYTES starting {"id":"…", as the receiver expects. */
export function bareBody(id: string): string {
  const head = `{"id":"${id}","object":"event","padding":"`;
  return `${head}${'x'.repeat(Math.max(0, BODY_BYTES - head.length - 2))}"}`;
}

/**
 * What the dispatcher's sending costs at the least: signed 1 KB HTTPS POSTs
 * from plain Node (kept-alive sockets, `inflight` at once, each signed with
 * libs/signing as the dispatcher signs) to the receiver, for `seconds`.
 * Resolves with the requests answered 2xx and those that were not.
 */
export async function sendBare(options: {
  url: string;
  ca: string;
  secret: string;
  inflight: number;
  seconds: number;
}): Promise<{ sent: number; failed: number; seconds: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.inflight, ca: options.ca });
  const target = new URL(options.url);
  let sent = 0;
  let failed = 0;
  const post = (body: string) =>
    new Promise<boolean>((resolve) => {
      const headers = {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        [SIGNATURE_HEADER]: signPayload(options.secret, body, Math.floor(Date.now() / 1000)),
      };
      const sending = request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve((response.statusCode ?? 0) < 300));
      });
      sending.on('error', () => resolve(false));
      sending.end(body);
    });
  const start = Date.now();
  const deadline = start + options.seconds * 1000;
  const prefix = randomBytes(6).toString('hex');
  let next = 0;
  const lane = async () => {
    while (Date.now() < deadline) {
      if (await post(bareBody(`bare_${prefix}_${next++}`))) sent += 1;
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: options.inflight }, lane));
  agent.destroy();
  return { sent, failed, seconds: (Date.now() - start) / 1000 };
}
