import { Browser, chromium } from 'playwright-core';
import { loadInfra } from './infra';

/** Headless Debian Chromium for the page tests (installed when missing; CHROMIUM_PATH overrides), with nothing phoning home. */
export async function launchTestBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? (await loadInfra().ensureChromium());
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
