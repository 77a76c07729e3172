-- Migration 11: every room holds the whole request.
-- A limit is a limit (docs/gateway.md#holding-credits): a request is admitted only when its hold fits in every room it
-- draws on (the key's spending limit, the member's monthly cap, the team's credit and its monthly budget), not, as
-- before, whenever each room had a cent left. A request without an output cap asks for a range: at most p_amount (its
-- worst case at the model's own output limit), at least p_least (at the shortest useful answer), and holds as much of
-- it as every room has; the gateway then caps the answer to what was held. Nothing is ever billed above its hold.

-- What each room has left, read with the key and its member locked by the caller; locks the team. NULL: no such
-- limit. Every read below is a statement of its own, run after the locks it depends on were taken, so it sees every
-- bill committed before them (a plpgsql function's statements each take a new snapshot).
CREATE FUNCTION gateway_rooms(
  k api_keys, m team_members, p_now timestamptz,
  OUT key_room bigint, OUT member_room bigint, OUT credit_room bigint, OUT budget_room bigint,
  OUT budget_limit bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_month date := date_trunc('month', timezone('UTC', p_now))::date;
  t record;
BEGIN
  IF k.spend_limit_cents IS NOT NULL THEN
    key_room := k.spend_limit_cents - k.reserved_cents
      - CASE WHEN k.spend_period_start IS NOT DISTINCT FROM key_period_start(k.limit_period, p_now)
             THEN k.period_spend_cents ELSE 0 END;
  END IF;
  IF m.monthly_cap_cents IS NOT NULL THEN
    member_room := m.monthly_cap_cents - m.reserved_cents - (
      SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d
      WHERE d.team_id = k.team_id AND d.user_id = k.user_id AND d.day >= v_month);
  END IF;
  SELECT tt.credit_balance_cents - tt.reserved_cents AS available, tt.budget_limit_cents, tt.reserved_cents INTO t
  FROM teams tt WHERE tt.id = k.team_id FOR NO KEY UPDATE;
  credit_room := t.available;
  IF t.budget_limit_cents > 0 THEN
    budget_limit := t.budget_limit_cents;
    budget_room := t.budget_limit_cents - t.reserved_cents - (
      SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d WHERE d.team_id = k.team_id AND d.day >= v_month);
  END IF;
END
$$;

-- The first room, in the order key, member, credit, budget, that has less than p_need left: its refusal, its limit,
-- when it resets, and what it has left (never below 0). NULL refusal: every room has p_need.
CREATE FUNCTION gateway_room_refusal(
  k api_keys, m team_members, key_room bigint, member_room bigint, credit_room bigint, budget_room bigint,
  budget_limit bigint, p_need bigint, p_now timestamptz,
  OUT refusal text, OUT limit_value bigint, OUT resets_at timestamptz, OUT room_left bigint, OUT limit_period text
) LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF key_room < p_need THEN
    refusal := 'key_budget_exceeded'; limit_value := k.spend_limit_cents; limit_period := k.limit_period;
    resets_at := key_period_end(k.limit_period, p_now); room_left := GREATEST(key_room, 0);
  ELSIF member_room < p_need THEN
    refusal := 'member_budget_exceeded'; limit_value := m.monthly_cap_cents; limit_period := 'monthly';
    resets_at := key_period_end('monthly', p_now); room_left := GREATEST(member_room, 0);
  ELSIF credit_room < p_need THEN
    refusal := 'insufficient_credits'; room_left := GREATEST(credit_room, 0);
  ELSIF budget_room < p_need THEN
    refusal := 'budget_exceeded'; limit_value := budget_limit; limit_period := 'monthly';
    resets_at := key_period_end('monthly', p_now); room_left := GREATEST(budget_room, 0);
  END IF;
END
$$;

DROP FUNCTION gateway_admit(text, bigint, integer, text, text[], bigint);

-- Admission by statement (server/services/reservations.ts): ONE statement. Locks the key, its member and its team,
-- always in that order (the settlement locks in the same order), checks the key's expiry, allow-list and per-minute
-- rates, then holds LEAST(p_amount, every room) if that is at least p_least (and a cent), on all three rows and in
-- gateway_reservations; or changes nothing and says why, with what the refusing room has left and what would fit
-- (the smallest room).
CREATE FUNCTION gateway_admit(
  p_key_hash text, p_amount bigint, p_least bigint, p_ttl_seconds integer, p_instance text, p_models text[],
  p_tokens bigint,
  OUT key_id uuid, OUT team_id uuid, OUT user_id uuid, OUT reservation_id bigint, OUT held bigint,
  OUT refusal text, OUT limit_value bigint, OUT resets_at timestamptz, OUT retry_after integer,
  OUT room_left bigint, OUT fits bigint, OUT limit_period text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  k api_keys;
  m team_members;
  r record;
  why record;
  v_now timestamptz := now();
  v_minute timestamptz := date_trunc('minute', now(), 'UTC');
  v_requests integer;
  v_tokens bigint;
BEGIN
  SELECT a.* INTO k FROM api_keys a
  WHERE (a.key_hash = p_key_hash OR (a.previous_key_hash = p_key_hash AND a.previous_key_expires_at > v_now))
    AND a.is_active AND a.deleted_at IS NULL
  FOR NO KEY UPDATE;
  IF NOT FOUND THEN refusal := 'invalid_key'; RETURN; END IF;
  -- A key works only while its creator belongs to its team.
  SELECT tm.* INTO m FROM team_members tm WHERE tm.team_id = k.team_id AND tm.user_id = k.user_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN refusal := 'invalid_key'; RETURN; END IF;
  key_id := k.id;
  team_id := k.team_id;
  user_id := k.user_id;

  IF k.expires_at <= v_now THEN
    refusal := 'key_expired'; resets_at := k.expires_at; RETURN;
  END IF;
  IF cardinality(k.allowed_models) > 0 AND NOT (k.allowed_models && p_models) THEN
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
                                             r.budget_limit, GREATEST(p_least, 1), v_now);
  IF why.refusal IS NOT NULL THEN
    refusal := why.refusal; limit_value := why.limit_value; resets_at := why.resets_at;
    room_left := why.room_left; limit_period := why.limit_period;
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

DROP FUNCTION gateway_lease(text, text, bigint, bigint, integer);

-- A slice of a key's credit for one instance (docs/deploy.md#credit-leases), checked like gateway_admit: as much as
-- p_want, but no more than a quarter of the smallest room left (at least p_need, what the asking request still lacks,
-- when that much is left) nor the room itself, so several instances share a small balance. Refused when the smallest
-- room has less than p_least (what the asking request lacks at the least); p_least <= 0 (the instance's slice already
-- covers the request and it needs only request ids) is never refused for credit. A key with a per-minute limit gets
-- no lease (rate_limited): its requests are admitted by gateway_admit.
CREATE FUNCTION gateway_lease(
  p_key_hash text, p_instance text, p_want bigint, p_need bigint, p_least bigint, p_ttl_seconds integer,
  OUT key_id uuid, OUT team_id uuid, OUT user_id uuid, OUT lease_id bigint, OUT granted bigint,
  OUT request_block bigint, OUT valid_until timestamptz, OUT allowed_models text[], OUT rate_limited boolean,
  OUT refusal text, OUT limit_value bigint, OUT resets_at timestamptz, OUT room_left bigint, OUT fits bigint,
  OUT limit_period text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  k api_keys;
  m team_members;
  r record;
  why record;
  v_now timestamptz := now();
  v_room bigint;
  v_by_previous boolean;
BEGIN
  SELECT a.* INTO k FROM api_keys a
  WHERE (a.key_hash = p_key_hash OR (a.previous_key_hash = p_key_hash AND a.previous_key_expires_at > v_now))
    AND a.is_active AND a.deleted_at IS NULL
  FOR NO KEY UPDATE;
  IF NOT FOUND THEN refusal := 'invalid_key'; RETURN; END IF;
  SELECT tm.* INTO m FROM team_members tm WHERE tm.team_id = k.team_id AND tm.user_id = k.user_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN refusal := 'invalid_key'; RETURN; END IF;
  key_id := k.id;
  team_id := k.team_id;
  user_id := k.user_id;
  allowed_models := k.allowed_models;
  IF k.expires_at <= v_now THEN
    refusal := 'key_expired'; resets_at := k.expires_at; RETURN;
  END IF;
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
                                               r.budget_limit, p_least, v_now);
    IF why.refusal IS NOT NULL THEN
      refusal := why.refusal; limit_value := why.limit_value; resets_at := why.resets_at;
      room_left := why.room_left; limit_period := why.limit_period;
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
