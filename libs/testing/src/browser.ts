import { readFileSync } from 'node:fs';
import { Browser, BrowserContextOptions, chromium, Page } from 'playwright-core';
import { loadInfra } from './infra';

/** Headless Debian Chromium for the page tests (installed when missing; CHROMIUM_PATH overrides), with nothing phoning home. */
export async function launchTestBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? (await loadInfra().ensureChromium());
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A phone (390 × 844, touch): the driver app's device, and the console's narrow layout. */
export const PHONE_CONTEXT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } satisfies BrowserContextOptions;

/** A desktop browser window. */
export const DESKTOP_CONTEXT = { viewport: { width: 1280, height: 860 } } satisfies BrowserContextOptions;

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: unknown[];
}

let axeSource: string | undefined;

/** axe-core's serious and critical findings on the page, evaluated over DevTools (the dashboard's CSP allows no injected script). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  // A string, evaluated in the page: this file is compiled without the DOM's types.
  const violations = await page.evaluate<AxeViolation[]>('axe.run(document).then((result) => result.violations)');
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
}
