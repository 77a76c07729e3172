import assert from 'node:assert/strict';
import { test } from 'node:test';
import { absoluteChange, percentChange } from '../lib/change';

test('dashboard changes carry a sign; from nothing the change is the difference, not +100%', () => {
  const cases: [number, number, string, string][] = [
    [12, 10, '', '+20%'],
    [5, 10, '', '-50%'],
    [0, 0, '', '+0%'],
    [12, 0, '', '+12'],
    [850, 0, ' ms', '+850 ms'],
    [0, 4, '', '-100%'],
  ];
  for (const [current, previous, unit, expected] of cases) {
    assert.equal(percentChange(current, previous, unit), expected, `${previous} → ${current}`);
  }
  assert.equal(absoluteChange(3, 5), '-2');
  assert.equal(absoluteChange(5, 5), '+0');
});
