import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { REPO_ROOT } from '../config';
import { CRITICAL_STYLES, styleTag, styleTagsByRoute, type CriticalStyles } from '../lib/criticalStyles';

const RULES = {
  a1: '.css-a1{color:red;}',
  b2: '.css-b2{margin:0;}@media (min-width:600px){.css-b2{margin:8px;}}',
  'c3-MuiButton-root': '.css-c3-MuiButton-root{padding:4px;}',
  evil: '.css-evil{content:"</style><script>alert(1)</script>";}',
};

describe('styleTag: the named styles as emotion’s server-rendered <style>', () => {
  test('names in the given order, rules in that order, marked with the cache key', () => {
    assert.equal(
      styleTag(['b2', 'a1', 'c3-MuiButton-root'], RULES),
      `<style data-emotion="css b2 a1 c3-MuiButton-root">${RULES.b2}${RULES.a1}${RULES['c3-MuiButton-root']}</style>`,
    );
  });
  test('a name without rules, or one that is not a class name, is left out; none left is no tag', () => {
    assert.equal(
      styleTag(['a1', 'missing', 'x"><script>', 'constructor'], RULES),
      `<style data-emotion="css a1">${RULES.a1}</style>`,
    );
    assert.equal(styleTag(['missing'], RULES), '');
    assert.equal(styleTag([], RULES), '');
  });
  test('a closing tag inside the rules cannot end the element', () => {
    const tag = styleTag(['evil'], RULES);
    assert.equal(tag.match(/<\/style/gi)?.length, 1);
    assert.ok(tag.endsWith('</style>'));
  });
});

describe('styleTagsByRoute', () => {
  test('one tag per recorded route, and the styles every route shares for any other', () => {
    const tags = styleTagsByRoute({
      routes: { '/x': ['a1', 'b2'], '/y': ['b2', 'c3-MuiButton-root', 'a1'] },
      rules: RULES,
    });
    assert.equal(tags['/x'], styleTag(['a1', 'b2'], RULES));
    assert.equal(tags['/y'], styleTag(['b2', 'c3-MuiButton-root', 'a1'], RULES));
    assert.equal(tags[CRITICAL_STYLES.anyRoute], styleTag(['a1', 'b2'], RULES));
  });
  test('no routes: no shared tag', () => {
    assert.deepEqual(styleTagsByRoute({ routes: {}, rules: RULES }), { [CRITICAL_STYLES.anyRoute]: '' });
  });
});

describe('the recording in the repository (npm run styles:record)', () => {
  const recording = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, CRITICAL_STYLES.source), 'utf8')) as CriticalStyles;
  test('every route names only styles it has rules for, each rule of its own class or keyframes', () => {
    assert.ok(Object.keys(recording.routes).length > 0);
    for (const [route, names] of Object.entries(recording.routes)) {
      assert.ok(names.length > 0, route);
      for (const name of names) assert.ok(Object.hasOwn(recording.rules, name), `${route}: ${name}`);
    }
    for (const [name, css] of Object.entries(recording.rules)) {
      assert.ok(css.includes(`.css-${name}`) || css.startsWith(`@keyframes ${name}`), name);
    }
  });
});
