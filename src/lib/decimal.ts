// Moved to contract/decimal.ts (one number formatter for both halves); importers move with the contract work.
export * from '../../contract/decimal';
