import { TRACKING_PAGE_SCRIPT } from './tracking-page.script';
import { TRACKING_VIEW_HELPERS } from './tracking-view';

describe('TRACKING_PAGE_SCRIPT', () => {
  it('is one script that parses, with every view helper in it', () => {
    expect(() => new Function(TRACKING_PAGE_SCRIPT)).not.toThrow();
    for (const helper of TRACKING_VIEW_HELPERS) expect(TRACKING_PAGE_SCRIPT).toContain(`function ${helper.name}(`);
  });

  it('polls within the tracking budget: every 2 s is 30 of the 120 a minute', () => {
    expect(TRACKING_PAGE_SCRIPT).toContain('var POLL_MS = 2000;');
  });
});
