import { setTimeout as delay } from 'node:timers/promises';
import { doublingDelayMs } from '@sdd/common';
import { ApiError } from '../api/api-client';
import { listOption, requiredOption, UsageError } from '../args/parse-args';
import { withSessionSecret, writeConfig } from '../config/cli-config';
import { CommandContext } from '../commands/command-context';
import { forwardedLine } from '../output/formats';
import { paint } from '../output/output-style';
import { forwardEvent } from './forward-event';
import { SseParser } from './sse-parser';

/** Reconnection waits: 0.5 s doubling to 10 s, from 0.5 s again once a connection opens. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * `sameday listen --forward-to URL [--events a,b]`: reads GET /v1/events/stream
 * and POSTs each event, in order, to URL signed with the session secret.
 * Reconnects with backoff and resumes after the last event read
 * (Last-Event-ID), so none is lost or forwarded twice while the API keeps it.
 */
export async function listenCommand(context: CommandContext): Promise<number> {
  const { args, out, interrupted } = context;
  const forwardTo = localUrl(requiredOption(args, 'forward-to'));
  const types = listOption(args, 'events');
  const api = context.api();
  const config = withSessionSecret(context.config);
  if (config !== context.config) writeConfig(context.configFile, config);
  const secret = config.session_secret as string;
  const style = out.style;
  if (style.json) out.json({ ready: true, forward_to: forwardTo, mode: context.mode, signing_secret: secret });
  else {
    out.line(`Forwarding ${context.mode} events${types ? ` (${types.join(', ')})` : ''} to ${paint(style, 'bold', forwardTo)}`);
    out.line(`Signing secret: ${paint(style, 'bold', secret)}  (verify Service-Signature with it; Ctrl-C to stop)`);
  }
  let lastEventId: string | undefined;
  let failures = 0;
  while (!interrupted.aborted) {
    try {
      out.status(paint(style, 'dim', `Connecting to ${api.apiBase}…`));
      const body = await api.openEventStream(lastEventId, interrupted);
      failures = 0;
      out.status(paint(style, 'green', `Connected: waiting for events`));
      const parser = new SseParser(lastEventId);
      const decoder = new TextDecoder();
      for await (const chunk of body) {
        for (const event of parser.feed(decoder.decode(chunk, { stream: true }))) {
          lastEventId = event.id;
          if (types && !types.includes(event.event)) continue;
          const result = await forwardEvent(forwardTo, secret, event.data);
          if (style.json) out.json({ event_id: event.id, type: event.event, status: result.status, duration_ms: result.durationMs, error: result.error ?? null });
          else out.line(forwardedLine(style, new Date(), { id: event.id ?? '', type: event.event }, result));
          out.status(paint(style, 'green', `Connected: waiting for events`));
        }
      }
      if (interrupted.aborted) break;
      out.status(paint(style, 'yellow', 'The stream ended (the API restarting?): reconnecting'));
    } catch (error) {
      if (interrupted.aborted) break;
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw error;
      if (error instanceof ApiError && error.status === 404 && error.param === 'after') {
        out.error(paint(style, 'yellow', `Events after ${lastEventId} are no longer kept: some may have been missed. Continuing from now.`));
        lastEventId = undefined;
        continue;
      }
      const waitMs = doublingDelayMs(failures++, RECONNECT_FIRST_MS, RECONNECT_MAX_MS);
      out.status(paint(style, 'yellow', `Disconnected (${(error as Error).message}); reconnecting in ${(waitMs / 1000).toFixed(1)} s`));
      await delay(waitMs, undefined, { signal: interrupted }).catch(() => undefined);
    }
  }
  return 0;
}

function localUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--forward-to must be a URL such as http://localhost:4242/webhooks, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--forward-to must be an http or https URL');
  return url.toString();
}
