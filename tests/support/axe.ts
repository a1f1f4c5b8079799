import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** What the pages are held to: WCAG 2.2 AA (with the 2.0 and 2.1 A and AA rules it includes). */
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe's WCAG 2.2 AA violations on the page as it is now, one short line each
 * that a person can act on: the rule, its help text, the first few elements.
 * `exclude` leaves out a part (a frame from an outside site); `rules` turns
 * on rules beyond the tags (heading-order, a best practice).
 */
export async function axeViolations(page: Page, options: { exclude?: string; rules?: string[] } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  if (options.exclude) builder = builder.exclude(options.exclude);
  if (options.rules) builder = builder.options({ rules: Object.fromEntries(options.rules.map((id) => [id, { enabled: true }])) });
  const result = await builder.analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.help} → ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(" | ")}`,
  );
}
