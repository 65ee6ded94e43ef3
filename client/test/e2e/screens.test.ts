/**
 * A screenshot of every screen in light and dark at 1280 and 390 px, saved to
 * test-artifacts/screenshots/screens/ (git-ignored) for a person to look at;
 * and at 390 px, no screen scrolls sideways.
 */
import fs from 'node:fs';
import path from 'node:path';
import { browserSuite, DESKTOP, describeInBrowser, PHONE, SCREENSHOTS } from './support';
import { prepareTour } from './screen-tour';

const FOLDER = path.join(SCREENSHOTS, 'screens');

describeInBrowser('every screen, light and dark, wide and narrow', () => {
  const { newPage, pageErrors } = browserSuite({ timeoutMs: 15_000 });

  it('saves a screenshot of each, and none needs sideways scrolling on a phone', async () => {
    fs.mkdirSync(FOLDER, { recursive: true });
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const signedIn = await newPage(DESKTOP);
    const signedOut = await newPage(DESKTOP);
    const tour = await prepareTour(signedIn, stamp);
    const overflowing: string[] = [];

    for (const viewport of [DESKTOP, PHONE]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const screen of tour.screens) {
          const page = screen.signedOut ? signedOut : signedIn;
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
          await page.goto(screen.path);
          await screen.ready(page);
          const name = `${screen.name}-${viewport.width}-${colorScheme}`;
          await page.screenshot({ path: path.join(FOLDER, `${name}.png`), fullPage: true });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (viewport === PHONE && overflow > 0) overflowing.push(`${name} (${overflow}px)`);
        }
      }
    }
    expect(fs.readdirSync(FOLDER).filter((f) => f.endsWith('.png')).length).toBeGreaterThanOrEqual(tour.screens.length * 4);
    expect(overflowing).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
