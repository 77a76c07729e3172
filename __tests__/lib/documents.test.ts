import { documentLabel, statementMonth } from '../../src/features/billing/documents';

describe("a document's link says what it is and its number", () => {
  it.each([
    ['invoice', 'INV-2026-000042', 'Invoice INV-2026-000042'],
    ['credit_note', 'CN-2026-000003', 'Credit note CN-2026-000003'],
  ] as const)('%s %s -> %s', (kind, number, label) => expect(documentLabel({ kind, number })).toBe(label));
});

describe('Download Invoice gives the statement of the current month by the UTC calendar', () => {
  it.each([
    ['2026-11-15T12:00:00Z', '2026-11'],
    ['2026-11-30T23:59:59Z', '2026-11'],
    // Already December in Berlin, still November in UTC: the statement of November.
    ['2026-12-01T00:30:00+01:00', '2026-11'],
    ['2026-12-01T00:00:00Z', '2026-12'],
    ['2027-01-01T00:00:00Z', '2027-01'],
  ])('%s -> %s', (now, month) => expect(statementMonth(new Date(now))).toBe(month));
});
