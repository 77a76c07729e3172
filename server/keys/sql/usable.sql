-- The keys room's SQL (docs/architecture.md): whether an API key may be used, the one statement of that rule.
-- Applied by server/db/migrate.ts after the numbered migrations whenever this file changes. Admission
-- (credit/sql/admit.sql), credit leases (credit/sql/lease.sql), a batch's hold (credit/sql/batch.sql) and the
-- lookup of requests that hold nothing (server/gateway/callerKey.ts) all ask it; contract/keyBlock.ts's keyRefusal
-- says the same in TypeScript for the API Keys page, and server/keys/keyUsable.test.ts holds the two equal.

-- A key is found by its secret, or by its previous secret while the rotation's grace lasts, if it is active and not
-- deleted; it works only while its creator belongs to its team, is not disabled by an administrator
-- (docs/governance.md#disabled-users), and the key has not expired. `refusal` is the first rule it breaks, in that
-- order ('invalid_key', 'key_owner_disabled', 'key_expired'), or NULL; k and m are the key's and its membership's rows
-- when found (locked FOR NO KEY UPDATE, key first, with p_lock, as admission's lock order requires).
CREATE OR REPLACE FUNCTION key_usable(
  p_key_hash text, p_now timestamptz, p_lock boolean,
  OUT k api_keys, OUT m team_members, OUT refusal text
) LANGUAGE plpgsql AS $$
BEGIN
  IF p_lock THEN
    SELECT a.* INTO k FROM api_keys a
    WHERE (a.key_hash = p_key_hash OR (a.previous_key_hash = p_key_hash AND a.previous_key_expires_at > p_now))
      AND a.is_active AND a.deleted_at IS NULL
    FOR NO KEY UPDATE;
  ELSE
    SELECT a.* INTO k FROM api_keys a
    WHERE (a.key_hash = p_key_hash OR (a.previous_key_hash = p_key_hash AND a.previous_key_expires_at > p_now))
      AND a.is_active AND a.deleted_at IS NULL;
  END IF;
  IF NOT FOUND THEN refusal := 'invalid_key'; RETURN; END IF;
  IF p_lock THEN
    SELECT tm.* INTO m FROM team_members tm WHERE tm.team_id = k.team_id AND tm.user_id = k.user_id
    FOR NO KEY UPDATE;
  ELSE
    SELECT tm.* INTO m FROM team_members tm WHERE tm.team_id = k.team_id AND tm.user_id = k.user_id;
  END IF;
  IF NOT FOUND THEN refusal := 'invalid_key'; RETURN; END IF;
  IF EXISTS (SELECT 1 FROM users u WHERE u.id = k.user_id AND u.disabled_at IS NOT NULL) THEN
    refusal := 'key_owner_disabled'; RETURN;
  END IF;
  IF k.expires_at <= p_now THEN refusal := 'key_expired'; END IF;
END;
$$;
