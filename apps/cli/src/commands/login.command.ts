import { createInterface } from 'node:readline/promises';
import { createApi } from '../api/api-client';
import { optionValue, UsageError } from '../args/parse-args';
import { modeOfKey, withKey, writeConfig } from '../config/cli-config';
import { CommandContext } from './command-context';

/**
 * `sameday login [--mode test|live] [--api-base URL] [--key KEY]`: the key
 * from --key, a prompt on a terminal, or the first line of stdin; checked
 * against GET /v1/merchants/me, then stored for its mode.
 */
export async function loginCommand(context: CommandContext, stdin: NodeJS.ReadStream = process.stdin): Promise<number> {
  const { args, out } = context;
  const key = (optionValue(args, 'key') ?? (await readKey(stdin, out.style.tty && stdin.isTTY === true, context.mode))).trim();
  if (key === '') throw new UsageError('no API key given (--key, a prompt on a terminal, or stdin)');
  const keyMode = modeOfKey(key);
  if (keyMode !== undefined && keyMode !== context.mode) throw new UsageError(`this is a ${keyMode} key: add --mode ${keyMode}`);
  const merchant = await createApi(context.apiBase, key).me();
  writeConfig(context.configFile, withKey(context.config, context.mode, key, optionValue(args, 'api-base')));
  if (out.style.json) out.json({ logged_in: true, mode: context.mode, api_base: context.apiBase, config: context.configFile });
  else out.line(`Logged in to ${context.apiBase} as ${merchant.merchant.business_name} (${context.mode} mode). Key stored in ${context.configFile}.`);
  return 0;
}

async function readKey(stdin: NodeJS.ReadStream, prompt: boolean, mode: string): Promise<string> {
  const lines = createInterface({ input: stdin, output: prompt ? process.stdout : undefined, terminal: prompt });
  try {
    if (prompt) return await lines.question(`Paste your ${mode} API key (svc_${mode}_…): `);
    for await (const line of lines) return line;
    return '';
  } finally {
    lines.close();
  }
}
