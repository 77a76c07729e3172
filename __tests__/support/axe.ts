import axe from 'axe-core';
import { AXE_TAGS } from '../../e2e/axeTags';

/**
 * axe-core's WCAG 2.1 A/AA and best-practice rules over what is rendered, as e2e/a11y.spec.ts runs them in Chromium.
 * Contrast needs a real renderer (jsdom computes no colours), so that rule is left to the e2e check.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, {
    runOnly: { type: 'tag', values: AXE_TAGS },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
