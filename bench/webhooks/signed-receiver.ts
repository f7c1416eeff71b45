/**
 * The merchant's HTTPS host of the webhooks bench, in a process of its own
 * (so that its CPU is its own, as a merchant's would be): libs/testing's
 * WebhookReceiver answering 200, verifying the signature of every request
 * with its endpoint's secret (libs/signing) and tallying each group of
 * endpoints (webhook-tally.ts). Driven over IPC by signed-receiver.client.ts.
 */
import { SIGNATURE_HEADER, verifyWebhook } from '@sdd/signing';
import { WebhookReceiver } from '@sdd/testing';
import { WebhookTally } from './webhook-tally';
import { ReceiverReply, ReceiverRequest } from './signed-receiver.messages';

const tally = new WebhookTally();
const endpoints = new Map<string, { secret: string; group: string }>();

async function main(): Promise<void> {
  const receiver = await WebhookReceiver.start({
    record: false,
    reply: (request) => {
      const endpoint = endpoints.get(request.path);
      const header = request.headers[SIGNATURE_HEADER.toLowerCase()];
      const signed = endpoint !== undefined && verifyWebhook(request.rawBody, typeof header === 'string' ? header : undefined, endpoint.secret).valid;
      // Every body the bench sends starts {"id":"…": the event's id (or the bare sender's).
      const id = request.rawBody.slice(7, request.rawBody.indexOf('"', 7));
      tally.record(endpoint?.group ?? 'unknown', request.path, id, request.receivedAt, signed);
      return { status: 200 };
    },
  });
  const send = (reply: ReceiverReply) => process.send?.(reply);
  process.on('message', (message: ReceiverRequest) => {
    if (message.kind === 'endpoints') {
      for (const endpoint of message.endpoints) endpoints.set(endpoint.path, endpoint);
      send({ kind: 'endpoints', count: endpoints.size });
    } else if (message.kind === 'report') {
      send({ kind: 'report', group: message.group, report: tally.report(message.group) });
    } else if (message.kind === 'arrivals') {
      send({ kind: 'arrivals', group: message.group, arrivals: tally.arrivals(message.group) });
    }
  });
  process.on('disconnect', () => void receiver.close().then(() => process.exit(0)));
  send({ kind: 'ready', port: receiver.port, ca: receiver.ca });
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
