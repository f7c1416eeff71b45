import { Api } from '../api/api-client';
import { ParsedArgs } from '../args/parse-args';
import { CliConfig, Mode } from '../config/cli-config';
import { Terminal } from '../output/terminal';

/** What every command gets: its arguments, where to write, and (but for login) the API with the mode's key. */
export interface CommandContext {
  args: ParsedArgs;
  out: Terminal;
  mode: Mode;
  configFile: string;
  config: CliConfig;
  apiBase: string;
  env: NodeJS.ProcessEnv;
  /** The API with the stored key of `mode`; throws, telling to log in, when there is none. */
  api: () => Api;
  /** Ends when the user interrupts (Ctrl-C): long-running commands stop on it. */
  interrupted: AbortSignal;
}
