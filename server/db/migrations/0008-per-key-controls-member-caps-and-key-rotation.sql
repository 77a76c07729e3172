-- Migration 8: per-key controls, member caps and key rotation.
-- Per-key controls (docs/governance.md#per-key-controls). NULL limits are "no limit".
ALTER TABLE api_keys
  ADD COLUMN spend_limit_cents bigint CHECK (spend_limit_cents > 0),
  ADD COLUMN limit_period text NOT NULL DEFAULT 'none' CHECK (limit_period IN ('none', 'daily', 'weekly', 'monthly')),
  ADD COLUMN rpm_limit integer CHECK (rpm_limit > 0),
  ADD COLUMN tpm_limit bigint CHECK (tpm_limit > 0),
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN allowed_models text[] NOT NULL DEFAULT '{}',
  ADD COLUMN note text NOT NULL DEFAULT '',
  -- The key's counters, moved by gateway_admit and the settlement: credits held by its requests in flight, what it
  -- spent in the period starting at spend_period_start (NULL: the 'none' period, since creation), and the requests
  -- and tokens of the UTC minute rate_minute.
  ADD COLUMN reserved_cents bigint NOT NULL DEFAULT 0,
  ADD COLUMN period_spend_cents bigint NOT NULL DEFAULT 0,
  ADD COLUMN spend_period_start timestamptz,
  ADD COLUMN rate_minute timestamptz,
  ADD COLUMN rate_requests integer NOT NULL DEFAULT 0,
  ADD COLUMN rate_tokens bigint NOT NULL DEFAULT 0,
  -- Rotation: the previous secret, as a SHA-256 hash like key_hash, works until previous_key_expires_at.
  ADD COLUMN previous_key_hash text UNIQUE,
  ADD COLUMN previous_key_prefix text,
  ADD COLUMN previous_key_expires_at timestamptz,
  ADD COLUMN rotated_at timestamptz;

-- The owner's monthly cap on a member's keys together, and the credits the member's requests in flight hold.
ALTER TABLE team_members
  ADD COLUMN monthly_cap_cents bigint CHECK (monthly_cap_cents >= 0),
  ADD COLUMN reserved_cents bigint NOT NULL DEFAULT 0;

-- A hold names the key and member it is also held on, and the tokens it counts in its minute's rate window, so the
-- settlement and the expiry sweep give back all of it.
ALTER TABLE gateway_reservations
  ADD COLUMN key_id uuid,
  ADD COLUMN user_id uuid,
  ADD COLUMN tokens bigint NOT NULL DEFAULT 0,
  ADD COLUMN minute timestamptz;

-- The SQL twin of contract/keyLimits.ts (server/test/keyLimits.test.ts checks they agree): the UTC calendar period
-- holding "at", and its end. NULL for 'none'.
CREATE FUNCTION key_period_start(period text, at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT timezone('UTC', date_trunc(CASE period WHEN 'daily' THEN 'day' WHEN 'weekly' THEN 'week' ELSE 'month' END,
                                    timezone('UTC', at)))
  WHERE period <> 'none'
$$;
CREATE FUNCTION key_period_end(period text, at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT timezone('UTC', timezone('UTC', key_period_start(period, at))
                         + CASE period WHEN 'daily' THEN interval '1 day' WHEN 'weekly' THEN interval '1 week'
                                       ELSE interval '1 month' END)
  WHERE period <> 'none'
$$;

-- Admission (server/services/reservations.ts): ONE statement. It locks the key, its member and its team, always in
-- that order (the settlement locks in the same order), checks every limit against the locked rows, and holds the
-- request's worst case on all three and its tokens in the key's minute, or changes nothing and says why.
CREATE FUNCTION gateway_admit(
  p_key_hash text, p_amount bigint, p_ttl_seconds integer, p_instance text, p_models text[], p_tokens bigint,
  OUT key_id uuid, OUT team_id uuid, OUT user_id uuid, OUT reservation_id bigint,
  OUT refusal text, OUT limit_value bigint, OUT resets_at timestamptz, OUT retry_after integer
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  k record;
  m record;
  t record;
  v_now timestamptz := now();
  v_minute timestamptz := date_trunc('minute', now(), 'UTC');
  v_requests integer;
  v_tokens bigint;
  v_spend bigint;
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
  v_spend := CASE WHEN k.spend_period_start IS NOT DISTINCT FROM key_period_start(k.limit_period, v_now)
                  THEN k.period_spend_cents ELSE 0 END;
  IF v_spend + k.reserved_cents >= k.spend_limit_cents THEN
    refusal := 'key_budget_exceeded'; limit_value := k.spend_limit_cents;
    resets_at := key_period_end(k.limit_period, v_now); RETURN;
  END IF;
  IF m.monthly_cap_cents IS NOT NULL AND m.reserved_cents + (
       SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d
       WHERE d.team_id = k.team_id AND d.user_id = k.user_id
         AND d.day >= date_trunc('month', timezone('UTC', v_now))::date) >= m.monthly_cap_cents THEN
    refusal := 'member_budget_exceeded'; limit_value := m.monthly_cap_cents;
    resets_at := key_period_end('monthly', v_now); RETURN;
  END IF;

  SELECT tt.credit_balance_cents - tt.reserved_cents AS available, tt.budget_limit_cents, tt.reserved_cents INTO t
  FROM teams tt WHERE tt.id = k.team_id FOR NO KEY UPDATE;
  IF t.available <= 0 THEN refusal := 'insufficient_credits'; RETURN; END IF;
  IF t.budget_limit_cents > 0 AND t.reserved_cents + (
       SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d
       WHERE d.team_id = k.team_id AND d.day >= date_trunc('month', timezone('UTC', v_now))::date
     ) >= t.budget_limit_cents THEN
    refusal := 'budget_exceeded'; limit_value := t.budget_limit_cents; RETURN;
  END IF;

  UPDATE api_keys a SET reserved_cents = a.reserved_cents + p_amount, rate_minute = v_minute,
                        rate_requests = v_requests + 1, rate_tokens = v_tokens + p_tokens
  WHERE a.id = k.id;
  UPDATE team_members tm SET reserved_cents = tm.reserved_cents + p_amount
  WHERE tm.team_id = k.team_id AND tm.user_id = k.user_id;
  UPDATE teams tt SET reserved_cents = tt.reserved_cents + p_amount WHERE tt.id = k.team_id;
  INSERT INTO gateway_reservations (team_id, key_id, user_id, amount_cents, tokens, minute, expires_at, instance_id)
  VALUES (k.team_id, k.id, k.user_id, p_amount, p_tokens, v_minute, v_now + make_interval(secs => p_ttl_seconds),
          p_instance)
  RETURNING id INTO reservation_id;
END
$$;
