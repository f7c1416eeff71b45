/** A command line as the commands read it: the words before and between options, and the options by name. */
export interface ParsedArgs {
  words: string[];
  options: Record<string, string | true>;
}

/** Options that take no value; any other `--name` takes the next word (or `--name=value`). */
const FLAGS = new Set(['json', 'help', 'no-color']);

export class UsageError extends Error {}

/**
 * `sameday listen --forward-to http://localhost:4242/hooks --events a,b --json`
 * → words ['listen'], options { 'forward-to': '…', events: 'a,b', json: true }.
 * An option missing its value is a usage error, not the next option taken as its value.
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const words: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = arg.slice(2, equals === -1 ? undefined : equals);
    if (name === '') throw new UsageError(`unexpected "${arg}"`);
    if (equals !== -1) options[name] = arg.slice(equals + 1);
    else if (FLAGS.has(name)) options[name] = true;
    else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      options[name] = value;
      i++;
    }
  }
  return { words, options };
}

/** The value of a value option; undefined when absent. */
export function optionValue(args: ParsedArgs, name: string): string | undefined {
  const value = args.options[name];
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

export function requiredOption(args: ParsedArgs, name: string): string {
  const value = optionValue(args, name);
  if (value === undefined) throw new UsageError(`--${name} is required`);
  return value;
}

/** `--events a,b` as a list; undefined (every event) when absent. */
export function listOption(args: ParsedArgs, name: string): string[] | undefined {
  const value = optionValue(args, name);
  if (value === undefined) return undefined;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new UsageError(`--${name} needs at least one value`);
  return items;
}
