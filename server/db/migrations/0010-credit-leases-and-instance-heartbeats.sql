-- Migration 10: credit leases and instance heartbeats.
-- (docs/deploy.md#credit-leases) A lease is a slice of a key's available credit (bounded by the key's limit, its
-- member's cap and the team's credit and budget) that one instance holds, like a large reservation, and admits requests
-- against in memory; each bill written takes its cost out of the lease it was admitted against, and the instance gives
-- back what it did not use.
CREATE TABLE gateway_leases (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  instance_id text NOT NULL,
  key_id uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  -- Held on the key, its member and its team (their reserved_cents), as a reservation is. Each bill takes its cost
  -- out; the last request admitted on a lease may take it below zero by less than its worst case (the overdraw
  -- bound), and giving the lease back then returns that negative amount, so the holds always sum exactly.
  amount_cents bigint NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  UNIQUE (instance_id, key_id)
);
CREATE INDEX gateway_leases_expiry ON gateway_leases (expires_at) WHERE amount_cents <> 0;

-- Request ids for lease-admitted requests (the idempotency key of their bills, as a reservation's id is for the
-- others): each lease hands out a block of 1,000, far above any reservation id.
CREATE SEQUENCE gateway_request_blocks START WITH 1000000000000000 INCREMENT BY 1000;

-- Every instance says it is alive every few seconds; the holds and leases of one that stopped saying so are given
-- back by the sweep of a live one (services/reservations.ts), long before their own expiry.
CREATE TABLE gateway_instances (
  id text PRIMARY KEY,
  seen_at timestamptz NOT NULL
);

-- Like gateway_admit (migration 8): locks the key, its member and its team in that order and checks the key's
-- expiry, spending limit, the member's cap, the team's credit and budget. Instead of one request's worst case it
-- holds a slice: as much as p_want, but no more than a quarter of the smallest room left (at least p_min, the asking
-- request's worst case, when that much is left) nor the room itself, so several instances share a small balance.
-- A key with a per-minute limit gets no lease (rate_limited): its requests are counted per statement.
CREATE FUNCTION gateway_lease(
  p_key_hash text, p_instance text, p_want bigint, p_min bigint, p_ttl_seconds integer,
  OUT key_id uuid, OUT team_id uuid, OUT user_id uuid, OUT lease_id bigint, OUT granted bigint,
  OUT request_block bigint, OUT valid_until timestamptz, OUT allowed_models text[], OUT rate_limited boolean,
  OUT refusal text, OUT limit_value bigint, OUT resets_at timestamptz
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  k record;
  m record;
  t record;
  v_now timestamptz := now();
  v_spend bigint;
  v_room bigint;
BEGIN
  SELECT a.*, a.key_hash <> p_key_hash AS by_previous INTO k FROM api_keys a
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
  valid_until := CASE WHEN k.by_previous THEN LEAST(k.expires_at, k.previous_key_expires_at) ELSE k.expires_at END;
  IF k.rpm_limit IS NOT NULL OR k.tpm_limit IS NOT NULL THEN rate_limited := true; RETURN; END IF;
  rate_limited := false;

  v_spend := CASE WHEN k.spend_period_start IS NOT DISTINCT FROM key_period_start(k.limit_period, v_now)
                  THEN k.period_spend_cents ELSE 0 END;
  v_room := k.spend_limit_cents - v_spend - k.reserved_cents;
  IF v_room <= 0 THEN
    refusal := 'key_budget_exceeded'; limit_value := k.spend_limit_cents;
    resets_at := key_period_end(k.limit_period, v_now); RETURN;
  END IF;
  IF m.monthly_cap_cents IS NOT NULL THEN
    v_room := LEAST(v_room, m.monthly_cap_cents - m.reserved_cents - (
      SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d
      WHERE d.team_id = k.team_id AND d.user_id = k.user_id
        AND d.day >= date_trunc('month', timezone('UTC', v_now))::date));
    IF v_room <= 0 THEN
      refusal := 'member_budget_exceeded'; limit_value := m.monthly_cap_cents;
      resets_at := key_period_end('monthly', v_now); RETURN;
    END IF;
  END IF;

  SELECT tt.credit_balance_cents - tt.reserved_cents AS available, tt.budget_limit_cents, tt.reserved_cents INTO t
  FROM teams tt WHERE tt.id = k.team_id FOR NO KEY UPDATE;
  IF t.available <= 0 THEN refusal := 'insufficient_credits'; RETURN; END IF;
  v_room := LEAST(v_room, t.available);
  IF t.budget_limit_cents > 0 THEN
    v_room := LEAST(v_room, t.budget_limit_cents - t.reserved_cents - (
      SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d
      WHERE d.team_id = k.team_id AND d.day >= date_trunc('month', timezone('UTC', v_now))::date));
    IF v_room <= 0 THEN refusal := 'budget_exceeded'; limit_value := t.budget_limit_cents; RETURN; END IF;
  END IF;

  granted := LEAST(p_want, GREATEST(p_min, v_room / 4), v_room);
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
