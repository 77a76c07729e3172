-- The credit room's SQL (docs/architecture.md): a batch's hold (server/batches/batchHold.ts, docs/batches.md).
-- Applied by server/db/migrate.ts after the numbered migrations whenever this file changes.

-- Holds a batch's whole worst case, p_amount, on its key, member and team, as a credit lease of its own (instance
-- 'batch:<id>', expiring at p_until), checked like gateway_lease with nothing less accepted: every room must have
-- all of it, or the batch is refused with the first room that has not (the same refusal columns). A key's per-minute
-- limits do not apply: a batch's lines are not the key's live traffic, and the whole batch is held at once.
CREATE OR REPLACE FUNCTION gateway_batch_hold(
  p_key_hash text, p_batch_id text, p_amount bigint, p_until timestamptz,
  OUT key_id uuid, OUT team_id uuid, OUT user_id uuid, OUT lease_id bigint, OUT allowed_models text[],
  OUT refusal text, OUT limit_value bigint, OUT resets_at timestamptz, OUT room_left bigint, OUT fits bigint,
  OUT limit_period text, OUT room_held bigint
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  k api_keys;
  m team_members;
  usable record;
  r record;
  why record;
  v_now timestamptz := now();
BEGIN
  -- Whether the key may be used at all: the keys room's one rule (keys/sql/usable.sql), key and member locked.
  SELECT * INTO usable FROM key_usable(p_key_hash, v_now, true);
  k := usable.k; m := usable.m; key_id := k.id; team_id := k.team_id; user_id := k.user_id;
  allowed_models := k.allowed_models;
  refusal := usable.refusal;
  IF refusal IS NOT NULL THEN resets_at := CASE WHEN refusal = 'key_expired' THEN k.expires_at END; RETURN; END IF;

  SELECT * INTO r FROM gateway_rooms(k, m, v_now);
  fits := GREATEST(LEAST(r.key_room, r.member_room, r.credit_room, r.budget_room), 0);
  -- A room with nothing left refuses even a batch that costs nothing, as gateway_admit does.
  SELECT * INTO why FROM gateway_room_refusal(k, m, r.key_room, r.member_room, r.credit_room, r.budget_room,
                                             r.budget_limit, r.team_held, GREATEST(p_amount, 1), v_now);
  IF why.refusal IS NOT NULL THEN
    refusal := why.refusal; limit_value := why.limit_value; resets_at := why.resets_at;
    room_left := why.room_left; limit_period := why.limit_period; room_held := why.room_held;
    RETURN;
  END IF;

  UPDATE api_keys a SET reserved_cents = a.reserved_cents + p_amount WHERE a.id = k.id;
  UPDATE team_members tm SET reserved_cents = tm.reserved_cents + p_amount
  WHERE tm.team_id = k.team_id AND tm.user_id = k.user_id;
  UPDATE teams tt SET reserved_cents = tt.reserved_cents + p_amount WHERE tt.id = k.team_id;
  INSERT INTO gateway_leases (instance_id, key_id, team_id, user_id, amount_cents, expires_at)
  VALUES ('batch:' || p_batch_id, k.id, k.team_id, k.user_id, p_amount, p_until)
  RETURNING id INTO lease_id;
END
$$;
