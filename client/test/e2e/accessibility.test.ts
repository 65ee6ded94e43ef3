/**
 * axe-core on every screen (sign up, log in, projects, project, editor,
 * import, runs, run, settings, not found) at 1280 and 390 px, in light and
 * dark: no serious or critical violation. Each finding is printed with its
 * rule, the nodes and axe's summary, so the report names what to fix.
 */
import { seriousViolations, type Finding } from './axe';
import { browserSuite, DESKTOP, describeInBrowser, PHONE } from './support';
import { prepareTour, type Tour } from './screen-tour';

describeInBrowser('accessibility (axe-core)', () => {
  const { newPage, pageErrors } = browserSuite({ timeoutMs: 15_000 });
  let tour: Tour;
  const findings: Record<string, Finding[]> = {};

  it('finds no serious or critical violation on any screen, at either width, in light or dark', async () => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const signedIn = await newPage(DESKTOP, { bypassCSP: true });
    const signedOut = await newPage(DESKTOP, { bypassCSP: true });
    tour = await prepareTour(signedIn, stamp);

    for (const viewport of [DESKTOP, PHONE]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const screen of tour.screens) {
          const page = screen.signedOut ? signedOut : signedIn;
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
          await page.goto(screen.path);
          await screen.ready(page);
          const found = await seriousViolations(page);
          if (found.length) findings[`${screen.name} ${viewport.width}px ${colorScheme}`] = found;
        }
      }
    }
    if (Object.keys(findings).length) console.log(JSON.stringify(findings, null, 2));
    expect(findings).toEqual({});
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
