import { ApiError, createApi } from './api/api-client';
import { optionValue, parseArgs, ParsedArgs, UsageError } from './args/parse-args';
import { configPath, DEFAULT_API_BASE, isMode, Mode, readConfig } from './config/cli-config';
import { CommandContext } from './commands/command-context';
import { deliveriesCommand } from './commands/deliveries.command';
import { eventsCommand } from './commands/events.command';
import { loginCommand } from './commands/login.command';
import { logsCommand } from './commands/logs.command';
import { triggerCommand } from './commands/trigger.command';
import { listenCommand } from './listen/listen.command';
import { outputStyle } from './output/output-style';
import { Terminal } from './output/terminal';

const USAGE = `usage: sameday <command> [--mode test|live] [--json] [--no-color]

  login [--api-base URL] [--key KEY]        store an API key for the mode (prompted on a terminal, else read from stdin)
  listen --forward-to URL [--events a,b]    forward the mode's events to a local URL, signed with the printed secret
  trigger <scenario>                         create a test delivery playing a scenario (delivered, driver_no_show, …)
  deliveries list [--limit N] | get <id> | cancel <id>
  events resend <event id> --webhook <webhook id>
  logs tail                                  print the mode's API requests as they are made

apps/cli/README.md has the details.`;

const COMMANDS: Record<string, (context: CommandContext) => Promise<number>> = {
  login: loginCommand,
  listen: listenCommand,
  trigger: triggerCommand,
  deliveries: deliveriesCommand,
  events: eventsCommand,
  logs: logsCommand,
};

/** Exit codes: 0 done, 1 the API refused (its code and message printed), 2 a usage error. */
export async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  let args: ParsedArgs;
  let out = new Terminal(outputStyle(process.stdout.isTTY, env, {}));
  try {
    args = parseArgs(argv);
    out = new Terminal(outputStyle(process.stdout.isTTY, env, { json: args.options.json === true, noColor: args.options['no-color'] === true }));
    const name = args.words[0] ?? '';
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (command === undefined || args.options.help === true) {
      if (args.options.help !== true) throw new UsageError(name === '' ? 'no command given' : `unknown command "${name}"`);
      out.line(USAGE);
      return 0;
    }
    const mode = optionValue(args, 'mode') ?? 'test';
    if (!isMode(mode)) throw new UsageError('--mode must be test or live');
    const configFile = configPath(env);
    const config = readConfig(configFile);
    const apiBase = (optionValue(args, 'api-base') ?? config.api_base ?? DEFAULT_API_BASE).replace(/\/+$/, '');
    const interrupted = new AbortController();
    process.once('SIGINT', () => interrupted.abort());
    process.once('SIGTERM', () => interrupted.abort());
    return await command({
      args,
      out,
      mode: mode as Mode,
      configFile,
      config,
      apiBase,
      env,
      interrupted: interrupted.signal,
      api: () => apiFor(config.keys?.[mode], apiBase, mode),
    });
  } catch (error) {
    return report(out, error);
  }
}

function apiFor(key: string | undefined, apiBase: string, mode: Mode) {
  if (key === undefined) throw new Error(`no ${mode} key stored: run \`sameday login --mode ${mode}\` first`);
  return createApi(apiBase, key);
}

function report(out: Terminal, error: unknown): number {
  if (error instanceof UsageError) {
    out.error(`sameday: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (error instanceof ApiError) {
    if (out.style.json) out.json({ error: { status: error.status, code: error.code, message: error.message, param: error.param, request_id: error.requestId } });
    else
      out.error(
        `Error ${error.status === 0 ? '' : `${error.status} `}${error.code}: ${error.message}${error.param ? ` (param ${error.param})` : ''}${error.requestId ? ` [${error.requestId}]` : ''}`,
      );
    return 1;
  }
  out.error(`sameday: ${(error as Error).message}`);
  return 1;
}
