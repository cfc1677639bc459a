import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical WCAG 2 A/AA finding of axe-core on the page as it stands, once it has
 * settled: no request in flight, no progress indicator, no transition running. A chip whose
 * background was still fading to its colour when axe measured it once failed a run on a contrast
 * it does not have. Moderate and minor findings do not fail; they are printed so they stay visible.
 */
export async function expectAccessible(page: Page, label = ''): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.MuiCircularProgress-root, .MuiLinearProgress-root')).toHaveCount(0);
  // Finite animations only: an endless one (a skeleton's pulse) never ends, and it changes no colour.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => [
      `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
      ...v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`),
    ].join('\n'))
    .join('\n');
  const minor = violations.filter((v) => !serious.includes(v));
  if (minor.length) console.log(`${label || page.url()}: not failing: ${minor.map((v) => `${v.id} [${v.impact}] ×${v.nodes.length}`).join(', ')}`);
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${label} (${page.url()}):\n${report}`).toEqual([]);
}
