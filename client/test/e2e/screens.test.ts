/**
 * Every screen (sign up, log in, projects, project, editor, the editor of a
 * 20-table blueprint, import, runs, run, settings, not found, the GraphQL
 * IDE) at 1280 and 390 px, in light and dark, visited once each: a
 * screenshot saved to test-artifacts/screenshots/screens/ (git-ignored) for a
 * person to look at; at 390 px, no screen scrolls sideways; and axe-core
 * finds no serious or critical violation. Each axe finding is printed with
 * its rule, the nodes and axe's summary, so the report names what to fix.
 * (CSP is checked with the policy on in csp.test.ts; here it is bypassed so
 * axe can be injected.) How soon each screen was usable after its navigation
 * started is printed beside its budget: a figure for people, not a timed
 * assertion (the machine's load decides it as much as the code).
 */
import fs from 'node:fs';
import path from 'node:path';
import { seriousViolations, type Finding } from './axe';
import { browserSuite, DESKTOP, describeInBrowser, PHONE, SCREENSHOTS } from './support';
import { prepareTour } from './screen-tour';

const FOLDER = path.join(SCREENSHOTS, 'screens');

describeInBrowser('every screen, light and dark, wide and narrow', () => {
  const { newPage, pageErrors } = browserSuite({ timeoutMs: 15_000 });

  it('saves a screenshot of each; none scrolls sideways on a phone or has a serious or critical axe violation', async () => {
    fs.mkdirSync(FOLDER, { recursive: true });
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const signedIn = await newPage(DESKTOP, { bypassCSP: true });
    const signedOut = await newPage(DESKTOP, { bypassCSP: true });
    const tour = await prepareTour(signedIn, stamp);
    const overflowing: string[] = [];
    const findings: Record<string, Finding[]> = {};
    const timings: string[] = [];

    for (const viewport of [DESKTOP, PHONE]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const screen of tour.screens) {
          const page = screen.signedOut ? signedOut : signedIn;
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
          await page.goto(screen.path);
          await screen.ready(page);
          // Milliseconds since this navigation started (the page's time origin): when the screen could be used.
          const usable = Math.round(await page.evaluate(() => performance.now()));
          const name = `${screen.name}-${viewport.width}-${colorScheme}`;
          timings.push(`${screen.name.padEnd(18)} ${String(viewport.width).padStart(4)} px ${colorScheme.padEnd(5)} ${String(usable).padStart(6)} ms  (budget ${screen.budgetMs} ms)${usable > screen.budgetMs ? '  over' : ''}`);
          await page.screenshot({ path: path.join(FOLDER, `${name}.png`), fullPage: true });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (viewport === PHONE && overflow > 0) overflowing.push(`${name} (${overflow}px)`);
          const found = await seriousViolations(page);
          if (found.length) findings[`${screen.name} ${viewport.width}px ${colorScheme}`] = found;
        }
      }
    }
    console.log(`Usable after navigation start (first visit of each screen cold, later ones from the browser's cache):\n${timings.join('\n')}`);
    if (Object.keys(findings).length) console.log(JSON.stringify(findings, null, 2));
    expect(fs.readdirSync(FOLDER).filter((f) => f.endsWith('.png')).length).toBeGreaterThanOrEqual(tour.screens.length * 4);
    expect(overflowing).toEqual([]);
    expect(findings).toEqual({});
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
