-- Migration 30: a batch sent whole to its provider's own Batch API (docs/batches.md#the-providers-batch-api).
-- The provider's batch it was sent to (its deployment, input file and batch ids), or null when its lines run through
-- the gateway's pipeline one by one. Its lines are then 'upstream' until their results are kept and billed.
ALTER TABLE gateway_batches ADD COLUMN upstream jsonb;
