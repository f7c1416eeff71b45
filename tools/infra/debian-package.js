'use strict';

const fs = require('node:fs');
const { capture, which } = require('./processes');
const { oneLine } = require('./server');

/**
 * A command the project needs from a Debian package (redis-server, chromium,
 * wrk): found on PATH, or installed with apt-get first when we are root on
 * Debian. A concurrent apt/dpkg run (npm start and npm test at once) is
 * waited for rather than failed on.
 * @param {{ command: string, pkg?: string, otherwise?: string, log: (message: string) => void }} options
 *   `pkg`: the package, when not named like the command; `otherwise`: what
 *   else the user can do, for the error when nothing can be installed.
 * @returns {Promise<string>} the command's path
 */
async function ensureDebianCommand({ command, pkg = command, otherwise, log }) {
  const found = which(command);
  if (found) return found;
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
    throw new Error(`${command} is not installed and cannot be installed here (not root on Debian): apt-get install ${pkg}${otherwise ? `, or ${otherwise}` : ''}`);
  }
  log(`${command} is not installed: installing the Debian package ${pkg} with apt-get (once per machine)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', pkg],
  ]) {
    const { code, output } = await capture('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], { env });
    if (code !== 0) throw new Error(`Cannot install ${pkg}: apt-get ${args[0]} failed: ${oneLine(output)}`);
  }
  const installed = which(command);
  if (!installed) throw new Error(`Cannot install ${pkg}: apt-get succeeded but ${command} is not on PATH`);
  return installed;
}

module.exports = { ensureDebianCommand };
