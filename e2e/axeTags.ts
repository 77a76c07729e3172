/** WCAG 2.1 A and AA plus axe's best practices (landmarks, heading order, region, …): the rules both the e2e check
 * (e2e/axe.ts) and jest's (__tests__/support/axe.ts) run. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
