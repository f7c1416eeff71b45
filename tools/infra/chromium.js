'use strict';

const { ensureDebianCommand } = require('./debian-package');

/**
 * Debian's Chromium for the browser tests (playwright-core drives it; a
 * browser download of Playwright's own cannot work on this network).
 * Installed with apt-get when missing and running as root on Debian.
 * @param {{ log?: (message: string) => void }} [options]
 * @returns {Promise<string>} the executable path
 */
function ensureChromium({ log = (message) => process.stderr.write(`${message}\n`) } = {}) {
  return ensureDebianCommand({ command: 'chromium', otherwise: 'set CHROMIUM_PATH', log });
}

module.exports = { ensureChromium };
