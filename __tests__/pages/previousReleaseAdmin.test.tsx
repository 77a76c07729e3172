// The tolerant reader (docs/api-contract.md, "Fields beyond the spec"): __tests__/support/tolerantPages.ts.
import { testPreviousRelease } from '../support/tolerantPages';

testPreviousRelease('admin');
