'use strict';

const fs = require('node:fs');
const { execFileSync } = require('node:child_process');

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * Debian's Chromium for the browser tests (playwright-core drives it; a
 * browser download of Playwright's own cannot work on this network).
 * Installs it with apt-get when missing and running as root on Debian.
 * @param {{ log?: (message: string) => void }} [options]
 * @returns {string} the executable path
 */
function ensureChromium({ log = (message) => process.stderr.write(`${message}\n`) } = {}) {
  const found = CANDIDATES.find((path) => fs.existsSync(path));
  if (found) return found;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !fs.existsSync('/usr/bin/apt-get')) {
    throw new Error('chromium is not installed and cannot be installed here (not root on Debian): apt-get install chromium');
  }
  log('Chromium: installing with apt-get (once per machine)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', '-qq', '-o', 'DPkg::Lock::Timeout=300', 'chromium'], { env, stdio: 'ignore' });
  const installed = CANDIDATES.find((path) => fs.existsSync(path));
  if (!installed) throw new Error('Cannot install chromium: apt-get finished but no chromium binary was found');
  return installed;
}

module.exports = { ensureChromium };
