import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

export const MODES = ['test', 'live'] as const;
export type Mode = (typeof MODES)[number];

export const DEFAULT_API_BASE = 'http://localhost:3000';

/** What `sameday login` keeps: a key per mode, where the API is, and the secret `listen` signs with. */
export interface CliConfig {
  api_base?: string;
  keys?: Partial<Record<Mode, string>>;
  /** Generated once, kept, printed by every `listen`: what a local receiver verifies `Service-Signature` with. */
  session_secret?: string;
}

/** `$XDG_CONFIG_HOME/sameday/config.json`, `~/.config/sameday/config.json` without it (the XDG default). */
export function configPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(env.HOME ?? homedir(), '.config');
  return join(base, 'sameday', 'config.json');
}

export function readConfig(path: string): CliConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${path} is not a JSON object`);
  return parsed as CliConfig;
}

/** Readable by its owner only (0600, its folder 0700): it holds API keys. */
export function writeConfig(path: string, config: CliConfig): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // `mode` applies only when the file is created: an older file keeps its bits otherwise.
  chmodSync(path, 0o600);
}

export function isMode(value: string): value is Mode {
  return (MODES as readonly string[]).includes(value);
}

/** A key's mode by its prefix (`svc_test_…`, `svc_live_…`); undefined when the prefix names none. */
export function modeOfKey(key: string): Mode | undefined {
  return MODES.find((mode) => key.startsWith(`svc_${mode}_`));
}

export function withKey(config: CliConfig, mode: Mode, key: string, apiBase: string | undefined): CliConfig {
  return { ...config, ...(apiBase === undefined ? {} : { api_base: apiBase }), keys: { ...config.keys, [mode]: key } };
}

/** The config with its session secret, generating one the first time: `whsec_` and 32 random bytes, as endpoints' secrets. */
export function withSessionSecret(config: CliConfig, random: (size: number) => Buffer = randomBytes): CliConfig {
  if (config.session_secret) return config;
  return { ...config, session_secret: `whsec_${random(32).toString('base64url')}` };
}
