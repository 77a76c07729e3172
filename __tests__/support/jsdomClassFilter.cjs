// The pre-check a browser's style engine makes before matching a rule against an element, for jsdom (the jest
// environment, ./environment.cjs): a rule whose selector needs, in each of its alternatives, a class the element
// lacks cannot match it. Plain CommonJS: the environment loads it outside jest's transform.
const OPEN = { '(': ')', '[': ']' };
const COMBINATORS = new Set([' ', '\t', '\n', '\r', '\f', '>', '+', '~']);
const NAME_CHAR = /[\w-]|[^\p{ASCII}]/u;

/**
 * The classes each comma-separated alternative of `selector` requires of its subject (the last compound, outside
 * any :not(), :is(), attribute or string), or null when the selector is not one this reads with certainty
 * (an escape), so that it always goes to jsdom.
 */
function requiredClasses(selector) {
  if (selector.includes('\\')) return null;
  const alternatives = [];
  let classes = [];
  let depth = [];
  let quote = null;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i];
    if (quote) {
      if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (OPEN[char]) depth.push(OPEN[char]);
    else if (depth.length > 0) {
      if (char === depth[depth.length - 1]) depth.pop();
    } else if (char === ',') {
      alternatives.push(classes);
      classes = [];
    } else if (COMBINATORS.has(char)) {
      // Only the subject's own compound counts: whatever came before a combinator is another element's.
      let next = i;
      while (next < selector.length && COMBINATORS.has(selector[next])) next++;
      if (next < selector.length && selector[next] !== ',') classes = [];
      i = next - 1;
    } else if (char === '.') {
      let end = i + 1;
      while (end < selector.length && NAME_CHAR.test(selector[end])) end++;
      if (end === i + 1) return null;
      classes.push(selector.slice(i + 1, end));
      i = end - 1;
    }
  }
  if (quote || depth.length > 0) return null;
  alternatives.push(classes);
  return alternatives;
}

/**
 * `cannotMatch(element, selector)`: true when `selector` certainly does not match `element` because every alternative
 * needs a class the element lacks; false when only a full match can tell. `classAttribute` reads an element's class
 * attribute (jsdom's element objects inside the environment, DOM elements in the test of this).
 */
function classFilter(classAttribute) {
  const analysed = new Map();
  const classSets = new Map();
  const classesOf = (element) => {
    const attribute = classAttribute(element) ?? '';
    let set = classSets.get(attribute);
    if (!set) {
      if (classSets.size > 50_000) classSets.clear();
      set = new Set(attribute.split(/[ \t\n\f\r]+/).filter(Boolean));
      classSets.set(attribute, set);
    }
    return set;
  };
  return function cannotMatch(element, selector) {
    if (typeof selector !== 'string') return false;
    let alternatives = analysed.get(selector);
    if (alternatives === undefined) {
      alternatives = requiredClasses(selector);
      analysed.set(selector, alternatives);
    }
    if (alternatives === null) return false;
    const has = classesOf(element);
    return !alternatives.some((required) => required.every((name) => has.has(name)));
  };
}

module.exports = { requiredClasses, classFilter };
