// The jest environment: jest-fixed-jsdom (fetch, streams and the rest for MSW 2), with jsdom's style matching given
// the filter every browser's style engine has.
//
// jsdom computes an element's style by testing every rule of every stylesheet against it with a full selector match,
// and Testing Library asks for the style of each element it names or checks for hidden-ness, and of its ancestors.
// With MUI's thousand-odd emotion rules on a page (one class per rule, `.css-1x2y3z …`), that matching was most of
// what an admin page's test spent outside React (docs/testing.md, "Why the jest suite was slow"). A browser files
// each rule under the classes its subject must carry and tests only the rules filed under the element's own; this
// does the same as a pre-check in front of jsdom's matcher (./jsdomClassFilter.cjs): a selector whose every
// alternative needs a class the element lacks is answered `false` at once, any other goes to jsdom's matcher as
// before, so every answer is jsdom's own (__tests__/support/jsdomClassFilter.test.ts checks it on a whole page).
const path = require('node:path');
const { classFilter } = require('./jsdomClassFilter.cjs');

// The jsdom that jest-environment-jsdom loads, and its selector helper by file: style-rules.js takes
// `matchesDontThrow` from it when it loads, so it is replaced before jsdom is.
const jsdomRoot = path.dirname(
  require.resolve('jsdom/package.json', { paths: [path.dirname(require.resolve('jest-environment-jsdom'))] }),
);
const selectors = require(path.join(jsdomRoot, 'lib', 'jsdom', 'living', 'helpers', 'selectors.js'));
const matchesDontThrow = selectors.matchesDontThrow;
const cannotMatch = classFilter((elementImpl) => elementImpl.getAttributeNS(null, 'class'));

selectors.matchesDontThrow = function matchesWithClassFilter(elementImpl, selector) {
  // Quirks mode matches classes without regard to case: no shortcut there.
  if (elementImpl._ownerDocument.compatMode !== 'BackCompat' && cannotMatch(elementImpl, selector)) return false;
  return matchesDontThrow(elementImpl, selector);
};

module.exports = require('jest-fixed-jsdom');
