import axe from 'axe-core';
import { expect } from 'vitest';

// The same rule set as the e2e suite's (e2e/support/axe.ts), on one rendered component.
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core over the element with the WCAG 2.1 A/AA rules; fails listing each violation. */
export async function expectNoAxeViolations(element: Element): Promise<void> {
  const results = await axe.run(element, {
    runOnly: { type: 'tag', values: WCAG_21_AA },
    resultTypes: ['violations'],
  });
  const violations = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(', ')}`,
  );
  expect(violations).toEqual([]);
}
