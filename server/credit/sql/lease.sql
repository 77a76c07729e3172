-- The credit room's SQL (docs/architecture.md): a credit lease for one instance (leases.ts).
-- Applied by server/db/migrate.ts after the numbered migrations whenever this file changes. CREATE OR REPLACE keeps
-- a function's callers working; a change to its arguments or output columns needs a DROP FUNCTION of the old
-- signature first, in this file.

-- A slice of a key's credit for one instance (docs/deploy.md#credit-leases), checked like gateway_admit: as much as
-- p_want, but no more than a quarter of the smallest room left (at least p_need, what the asking request still lacks,
-- when that much is left) nor the room itself, so several instances share a small balance. Refused when the smallest
-- room has less than p_least (what the asking request lacks at the least); p_least <= 0 (the instance's slice already
-- covers the request and it needs only request ids) is never refused for credit. A key with a per-minute limit gets
-- no lease (rate_limited): its requests are admitted by gateway_admit.
-- Its output columns grew room_held (rooms.sql): dropped first, recreated in the same transaction (migrate.ts).
DROP FUNCTION IF EXISTS gateway_lease(text, text, bigint, bigint, bigint, integer);
CREATE OR REPLACE FUNCTION gateway_lease(
  p_key_hash text, p_instance text, p_want bigint, p_need bigint, p_least bigint, p_ttl_seconds integer,
  OUT key_id uuid, OUT team_id uuid, OUT user_id uuid, OUT lease_id bigint, OUT granted bigint,
  OUT request_block bigint, OUT valid_until timestamptz, OUT allowed_models text[], OUT rate_limited boolean,
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
  v_room bigint;
  v_by_previous boolean;
BEGIN
  -- Whether the key may be used at all: the keys room's one rule (keys/sql/usable.sql), key and member locked.
  SELECT * INTO usable FROM key_usable(p_key_hash, v_now, true);
  k := usable.k; m := usable.m; key_id := k.id; team_id := k.team_id; user_id := k.user_id;
  allowed_models := k.allowed_models;
  refusal := usable.refusal;
  IF refusal IS NOT NULL THEN resets_at := CASE WHEN refusal = 'key_expired' THEN k.expires_at END; RETURN; END IF;
  -- The lease is used only until the key expires or the previous secret's grace ends.
  v_by_previous := k.key_hash <> p_key_hash;
  valid_until := CASE WHEN v_by_previous THEN LEAST(k.expires_at, k.previous_key_expires_at) ELSE k.expires_at END;
  IF k.rpm_limit IS NOT NULL OR k.tpm_limit IS NOT NULL THEN rate_limited := true; RETURN; END IF;
  rate_limited := false;

  SELECT * INTO r FROM gateway_rooms(k, m, v_now);
  v_room := LEAST(r.key_room, r.member_room, r.credit_room, r.budget_room);
  fits := GREATEST(v_room, 0);
  IF p_least > 0 THEN
    SELECT * INTO why FROM gateway_room_refusal(k, m, r.key_room, r.member_room, r.credit_room, r.budget_room,
                                               r.budget_limit, r.team_held, p_least, v_now);
    IF why.refusal IS NOT NULL THEN
      refusal := why.refusal; limit_value := why.limit_value; resets_at := why.resets_at;
      room_left := why.room_left; limit_period := why.limit_period; room_held := why.room_held;
      RETURN;
    END IF;
  END IF;

  granted := GREATEST(0, LEAST(p_want, GREATEST(p_need, v_room / 4), v_room));
  UPDATE api_keys a SET reserved_cents = a.reserved_cents + granted WHERE a.id = k.id;
  UPDATE team_members tm SET reserved_cents = tm.reserved_cents + granted
  WHERE tm.team_id = k.team_id AND tm.user_id = k.user_id;
  UPDATE teams tt SET reserved_cents = tt.reserved_cents + granted WHERE tt.id = k.team_id;
  INSERT INTO gateway_leases AS l (instance_id, key_id, team_id, user_id, amount_cents, expires_at)
  VALUES (p_instance, k.id, k.team_id, k.user_id, granted, v_now + make_interval(secs => p_ttl_seconds))
  ON CONFLICT (instance_id, key_id) DO UPDATE
    SET amount_cents = l.amount_cents + EXCLUDED.amount_cents, expires_at = EXCLUDED.expires_at
  RETURNING id INTO lease_id;
  request_block := nextval('gateway_request_blocks');
END
$$;
