import { screen, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from './fakeBackend';
import { renderRoute } from './render';
// The environment's pre-check (environment.cjs) must never change an answer of jsdom's: checked here on every rule
// and every element of the heaviest page, with the DOM's own matcher as the judge.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, shared with the environment
const { requiredClasses, classFilter } = require('./jsdomClassFilter.cjs') as {
  requiredClasses: (selector: string) => string[][] | null;
  classFilter: (classAttribute: (element: Element) => string | null) => (element: Element, selector: string) => boolean;
};

describe('the class pre-check in front of jsdom’s selector matching', () => {
  it.each([
    ['.a', [['a']]],
    ['.a.b:hover', [['a', 'b']]],
    ['.a .b', [['b']]],
    ['.a > .b + .c ~ .d', [['d']]],
    ['.a, .b .c', [['a'], ['c']]],
    ['.a ,.b', [['a'], ['b']]],
    ['div', [[]]],
    ['.a div', [[]]],
    ['.a:not(.b)', [['a']]],
    ['.a:is(.b, .c) .d::before', [['d']]],
    ['.a[data-x=".b"]', [['a']]],
    ['.css-1x2y3z-MuiButton-root', [['css-1x2y3z-MuiButton-root']]],
    ['.a\\:b', null],
    ['.', null],
    ['.a[', null],
  ])('%s needs %j of its subject', (selector, classes) => expect(requiredClasses(selector)).toEqual(classes));

  it('answers "cannot match" only where jsdom’s matcher says no, for every rule on /admin/routing', async () => {
    jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true });
    fakeDb.signInAs('admin');
    renderRoute('/admin/routing');
    await within(await screen.findByRole('grid', { name: 'Model routes' })).findByText('team/default-smart');
    jest.useRealTimers();

    const selectors = Array.from(document.styleSheets).flatMap((sheet) =>
      Array.from(sheet.cssRules).flatMap((rule) =>
        rule instanceof CSSMediaRule
          ? Array.from(rule.cssRules).map((inner) => (inner as CSSStyleRule).selectorText)
          : [(rule as CSSStyleRule).selectorText],
      ),
    );
    // Every third element (a few hundred, of every kind on the page) keeps the test within its time budget.
    const elements = Array.from(document.querySelectorAll('*')).filter((_, index) => index % 3 === 0);
    const cannotMatch = classFilter((element) => element.getAttribute('class'));
    const matches = (element: Element, selector: string) => {
      try {
        return element.matches(selector);
      } catch {
        return false;
      }
    };
    let pairs = 0;
    let skipped = 0;
    const wrong: string[] = [];
    for (const selector of selectors.filter((text): text is string => typeof text === 'string')) {
      for (const element of elements) {
        pairs++;
        if (!cannotMatch(element, selector)) continue;
        skipped++;
        if (matches(element, selector))
          wrong.push(`${selector} matches <${element.tagName} class="${element.getAttribute('class')}">`);
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(selectors.length).toBeGreaterThan(500);
    // What makes it worth having: nearly every pair is settled without a full match.
    expect(skipped / pairs).toBeGreaterThan(0.9);
  });
});
