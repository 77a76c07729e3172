// Moved to contract/money.ts (one money rule for both halves); importers move with the contract work.
export * from '../../contract/money';
