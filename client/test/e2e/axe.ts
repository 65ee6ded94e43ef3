/** axe-core run inside the page, as the screen tour (screens.test.ts) and the editor tests use it. */
import path from 'node:path';
import type { Page } from 'playwright-core';

const AXE_SCRIPT = path.join(path.dirname(require.resolve('axe-core')), 'axe.min.js');

export interface Finding {
  id: string;
  impact: string;
  help: string;
  /** Selectors of the first few offending nodes, and axe's summary of the first. */
  nodes: string[];
  summary: string;
}

/**
 * Serious and critical violations of WCAG 2.x A/AA and best-practice rules on
 * the page as it is now. The page's context needs `bypassCSP` (the app's CSP
 * rightly refuses injected scripts).
 */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: any[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations.map((v) => ({
      id: v.id as string,
      impact: String(v.impact),
      help: v.help as string,
      nodes: v.nodes.slice(0, 4).map((n: { target: unknown[] }) => n.target.join(' ')),
      summary: String(v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
