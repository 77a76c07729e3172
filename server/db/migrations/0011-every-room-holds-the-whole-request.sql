-- Migration 11: every room holds the whole request.
-- A limit is a limit (docs/gateway.md#holding-credits): a request is admitted only when its hold fits in every room it
-- draws on (the key's spending limit, the member's monthly cap, the team's credit and its monthly budget), not, as
-- before, whenever each room had a cent left. A request without an output cap asks for a range: at most p_amount (its
-- worst case at the model's own output limit), at least p_least (at the shortest useful answer), and holds as much of
-- it as every room has; the gateway then caps the answer to what was held. Nothing is ever billed above its hold.
-- The functions that do it are the credit room's (server/credit/sql/: rooms.sql, admit.sql, lease.sql), applied after
-- this step; their new arguments and columns replace these.
DROP FUNCTION gateway_admit(text, bigint, integer, text, text[], bigint);
DROP FUNCTION gateway_lease(text, text, bigint, bigint, integer);
