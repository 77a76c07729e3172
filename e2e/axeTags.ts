/** WCAG 2.1 A and AA plus axe's best practices (landmarks, heading order, region, …): the rules both the e2e check
 * (e2e/axe.ts) and jest's (__tests__/support/axe.ts) run. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * The rules among those whose verdict depends on colours (axe-core 4.14: `axe.getRules(AXE_TAGS)`, every rule whose
 * check reads a colour). A colour scheme changes the theme's colour variables and nothing else, so a page already
 * checked with every rule in one scheme needs only these in the other (e2e/a11y.spec.ts).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
