-- The credit room's SQL (docs/architecture.md): admission by statement (admitByStatement.ts).
-- Applied by server/db/migrate.ts after the numbered migrations whenever this file changes. CREATE OR REPLACE keeps
-- a function's callers working; a change to its arguments or output columns needs a DROP FUNCTION of the old
-- signature first, in this file.

-- Admission by statement (server/credit/admitByStatement.ts): ONE statement. Locks the key, its member and its team,
-- always in that order (the settlement locks in the same order), checks the key's expiry, allow-list and per-minute
-- rates, then holds LEAST(p_amount, every room) if that is at least p_least (and a cent), on all three rows and in
-- gateway_reservations; or changes nothing and says why, with what the refusing room has left and what would fit
-- (the smallest room).
-- Its output columns grew room_held (rooms.sql): dropped first, recreated in the same transaction (migrate.ts).
DROP FUNCTION IF EXISTS gateway_admit(text, bigint, bigint, integer, text, text[], bigint);
CREATE OR REPLACE FUNCTION gateway_admit(
  p_key_hash text, p_amount bigint, p_least bigint, p_ttl_seconds integer, p_instance text, p_models text[],
  p_tokens bigint,
  OUT key_id uuid, OUT team_id uuid, OUT user_id uuid, OUT reservation_id bigint, OUT held bigint,
  OUT refusal text, OUT limit_value bigint, OUT resets_at timestamptz, OUT retry_after integer,
  OUT room_left bigint, OUT fits bigint, OUT limit_period text, OUT room_held bigint
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  k api_keys;
  m team_members;
  usable record;
  r record;
  why record;
  v_now timestamptz := now();
  v_minute timestamptz := date_trunc('minute', now(), 'UTC');
  v_requests integer;
  v_tokens bigint;
BEGIN
  -- Whether the key may be used at all: the keys room's one rule (keys/sql/usable.sql), key and member locked.
  SELECT * INTO usable FROM key_usable(p_key_hash, v_now, true);
  k := usable.k; m := usable.m; key_id := k.id; team_id := k.team_id; user_id := k.user_id;
  refusal := usable.refusal;
  IF refusal IS NOT NULL THEN resets_at := CASE WHEN refusal = 'key_expired' THEN k.expires_at END; RETURN; END IF;
  -- No names (p_models NULL): not a model call (a tool call, which the key's tool access governs: docs/mcp.md).
  IF p_models IS NOT NULL AND cardinality(k.allowed_models) > 0 AND NOT (k.allowed_models && p_models) THEN
    refusal := 'model_not_allowed'; RETURN;
  END IF;
  v_requests := CASE WHEN k.rate_minute = v_minute THEN k.rate_requests ELSE 0 END;
  v_tokens := CASE WHEN k.rate_minute = v_minute THEN k.rate_tokens ELSE 0 END;
  retry_after := GREATEST(1, ceil(extract(epoch FROM v_minute + interval '1 minute' - v_now)))::integer;
  IF v_requests >= k.rpm_limit THEN
    refusal := 'rpm_exceeded'; limit_value := k.rpm_limit; RETURN;
  END IF;
  IF v_tokens + p_tokens > k.tpm_limit THEN
    refusal := 'tpm_exceeded'; limit_value := k.tpm_limit; RETURN;
  END IF;
  retry_after := NULL;

  SELECT * INTO r FROM gateway_rooms(k, m, v_now);
  fits := GREATEST(LEAST(r.key_room, r.member_room, r.credit_room, r.budget_room), 0);
  -- At least a cent: a room with nothing left refuses even a request that costs nothing (a free model).
  SELECT * INTO why FROM gateway_room_refusal(k, m, r.key_room, r.member_room, r.credit_room, r.budget_room,
                                             r.budget_limit, r.team_held, GREATEST(p_least, 1), v_now);
  IF why.refusal IS NOT NULL THEN
    refusal := why.refusal; limit_value := why.limit_value; resets_at := why.resets_at;
    room_left := why.room_left; limit_period := why.limit_period; room_held := why.room_held;
    RETURN;
  END IF;

  held := LEAST(p_amount, fits);
  UPDATE api_keys a SET reserved_cents = a.reserved_cents + held, rate_minute = v_minute,
                        rate_requests = v_requests + 1, rate_tokens = v_tokens + p_tokens
  WHERE a.id = k.id;
  UPDATE team_members tm SET reserved_cents = tm.reserved_cents + held
  WHERE tm.team_id = k.team_id AND tm.user_id = k.user_id;
  UPDATE teams tt SET reserved_cents = tt.reserved_cents + held WHERE tt.id = k.team_id;
  INSERT INTO gateway_reservations (team_id, key_id, user_id, amount_cents, tokens, minute, expires_at, instance_id)
  VALUES (k.team_id, k.id, k.user_id, held, p_tokens, v_minute, v_now + make_interval(secs => p_ttl_seconds),
          p_instance)
  RETURNING id INTO reservation_id;
END
$$;
