-- The credit room's SQL (docs/architecture.md): what each room a request draws on has left, and which refuses it.
-- Applied by server/db/migrate.ts after the numbered migrations whenever this file changes. CREATE OR REPLACE keeps
-- a function's callers working; a change to its arguments or output columns needs a DROP FUNCTION of the old
-- signature first, in this file.

-- The signatures before each room's refusal said what requests in flight hold (team_held, room_held): a function's
-- output columns cannot change in place.
DROP FUNCTION IF EXISTS gateway_rooms(api_keys, team_members, timestamptz);
DROP FUNCTION IF EXISTS gateway_room_refusal(
  api_keys, team_members, bigint, bigint, bigint, bigint, bigint, bigint, timestamptz);

-- What each room has left, read with the key and its member locked by the caller; locks the team. NULL: no such
-- limit. team_held: what the team's requests in flight (and instances' credit leases) hold. Every read below is a statement of its own, run after the locks it depends on were taken, so it sees every
-- bill committed before them (a plpgsql function's statements each take a new snapshot).
CREATE OR REPLACE FUNCTION gateway_rooms(
  k api_keys, m team_members, p_now timestamptz,
  OUT key_room bigint, OUT member_room bigint, OUT credit_room bigint, OUT budget_room bigint,
  OUT budget_limit bigint, OUT team_held bigint
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
  team_held := t.reserved_cents;
  IF t.budget_limit_cents > 0 THEN
    budget_limit := t.budget_limit_cents;
    budget_room := t.budget_limit_cents - t.reserved_cents - (
      SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d WHERE d.team_id = k.team_id AND d.day >= v_month);
  END IF;
END
$$;

-- The first room, in the order key, member, credit, budget, that has less than p_need left: its refusal, its limit,
-- when it resets, what it has left (never below 0) and what requests in flight hold of it (room_held), so a room
-- that is only held, not spent, is not called spent. NULL refusal: every room has p_need.
CREATE OR REPLACE FUNCTION gateway_room_refusal(
  k api_keys, m team_members, key_room bigint, member_room bigint, credit_room bigint, budget_room bigint,
  budget_limit bigint, team_held bigint, p_need bigint, p_now timestamptz,
  OUT refusal text, OUT limit_value bigint, OUT resets_at timestamptz, OUT room_left bigint, OUT limit_period text,
  OUT room_held bigint
) LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF key_room < p_need THEN
    refusal := 'key_budget_exceeded'; limit_value := k.spend_limit_cents; limit_period := k.limit_period;
    resets_at := key_period_end(k.limit_period, p_now); room_left := GREATEST(key_room, 0);
    room_held := k.reserved_cents;
  ELSIF member_room < p_need THEN
    refusal := 'member_budget_exceeded'; limit_value := m.monthly_cap_cents; limit_period := 'monthly';
    resets_at := key_period_end('monthly', p_now); room_left := GREATEST(member_room, 0);
    room_held := m.reserved_cents;
  ELSIF credit_room < p_need THEN
    refusal := 'insufficient_credits'; room_left := GREATEST(credit_room, 0); room_held := team_held;
  ELSIF budget_room < p_need THEN
    refusal := 'budget_exceeded'; limit_value := budget_limit; limit_period := 'monthly';
    resets_at := key_period_end('monthly', p_now); room_left := GREATEST(budget_room, 0);
    room_held := team_held;
  END IF;
END
$$;
