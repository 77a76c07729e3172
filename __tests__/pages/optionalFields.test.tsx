// The tolerant reader (docs/api-contract.md, "Fields beyond the spec"): __tests__/support/tolerantPages.ts.
import { testOptionalFieldsMissing } from '../support/tolerantPages';

testOptionalFieldsMissing('team');
