// The tolerant reader (docs/api-contract.md, "Fields beyond the spec"): __tests__/support/tolerantPages.ts.
import { screen } from '@testing-library/react';
import { serveRelease } from '../support/releaseAnswers';
import { renderSettled, testPreviousRelease } from '../support/tolerantPages';

testPreviousRelease('team');

it('the previous release is what answers (its demo keys on API Keys)', async () => {
  serveRelease('alice');
  await renderSettled('/api-keys', 'alice');
  expect(await screen.findAllByText('Data pipeline')).not.toHaveLength(0);
});
