import { requiredOption, UsageError } from '../args/parse-args';
import { paint, statusColour } from '../output/output-style';
import { CommandContext } from './command-context';

/** `sameday events resend <evt_…> --webhook <wh_…>`: POST /v1/events/{id}/resend, which sends to one endpoint of yours. */
export async function eventsCommand(context: CommandContext): Promise<number> {
  const { args, out } = context;
  const [, action, eventId] = args.words;
  if (action !== 'resend' || eventId === undefined) throw new UsageError('usage: sameday events resend <event id> --webhook <webhook id>');
  const attempt = await context.api().resendEvent(eventId, requiredOption(args, 'webhook'));
  if (out.style.json) out.json(attempt);
  else {
    const answer = attempt.status_code === null ? `failed: ${attempt.error ?? 'no answer'}` : String(attempt.status_code);
    out.line(`Resent ${eventId} to ${attempt.webhook_id}: ${paint(out.style, statusColour(attempt.status_code), answer)} (${attempt.duration_ms} ms)`);
  }
  return attempt.succeeded ? 0 : 1;
}
