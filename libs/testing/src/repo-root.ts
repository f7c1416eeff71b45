import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository, found by walking up: the same from libs/testing/src under jest and from dist/ under node (drills). */
export function repoRoot(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'tools', 'infra'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no repository root (with tools/infra) above ${__dirname}`);
  }
}
