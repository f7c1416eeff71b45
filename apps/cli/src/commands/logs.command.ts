import { setTimeout as delay } from 'node:timers/promises';
import { ApiError } from '../api/api-client';
import { UsageError } from '../args/parse-args';
import { requestLogLine } from '../output/formats';
import { paint } from '../output/output-style';
import { CommandContext } from './command-context';
import { RecentIds } from './recent-ids';

/** 30 reads a minute of the key's 100 (RATE_LIMIT_PER_MINUTE); the log is written within about a second anyway. */
const POLL_MS = 2000;
const PAGE_SIZE = 100;

/**
 * `sameday logs tail`: polls the newest page of GET /v1/request_logs and
 * prints each request not printed yet, oldest first. The log's rows are
 * written in batches, possibly out of order, so it remembers ids rather than
 * a cursor. Requests made before it started are not printed.
 */
export async function logsCommand(context: CommandContext): Promise<number> {
  const { args, out, interrupted } = context;
  if (args.words[1] !== 'tail') throw new UsageError('usage: sameday logs tail');
  const api = context.api();
  const seen = new RecentIds(PAGE_SIZE * 10);
  let first = true;
  while (!interrupted.aborted) {
    let page;
    try {
      page = await api.latestRequestLogs(PAGE_SIZE);
    } catch (error) {
      // The API restarting, overloaded or over the key's rate limit: keep tailing; anything else (a revoked key) ends the tail.
      if (!(error instanceof ApiError) || (error.status !== 0 && error.status !== 429 && error.status < 500)) throw error;
      out.status(paint(out.style, 'yellow', `Request log unreachable (${error.message}); retrying`));
      await delay(POLL_MS, undefined, { signal: interrupted }).catch(() => undefined);
      continue;
    }
    for (const log of [...page.data].reverse()) {
      if (!seen.add(log.id) || first) continue;
      if (out.style.json) out.json(log);
      else out.line(requestLogLine(out.style, log));
    }
    if (first) out.status(paint(out.style, 'green', `Tailing the ${context.mode} request log (Ctrl-C to stop)`));
    first = false;
    await delay(POLL_MS, undefined, { signal: interrupted }).catch(() => undefined);
  }
  return 0;
}
