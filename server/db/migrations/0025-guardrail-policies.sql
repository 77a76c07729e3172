-- Migration 25: guardrail policies (docs/guardrails.md#policies, issue 40).
-- One policy per level: the operator's floor (no team, no key), a team's (its owner's), and a key's own (narrower or
-- wider than its team's). A policy is JSON (contract/schemas/guardrails.ts GuardrailPolicy): an action per detector
-- and the owner's own patterns. The gateway keeps them in memory (server/guardrails/policyStore.ts).
CREATE TABLE guardrail_policies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
  api_key_id uuid REFERENCES api_keys (id) ON DELETE CASCADE,
  policy jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (api_key_id IS NULL OR team_id IS NOT NULL)
);
CREATE UNIQUE INDEX guardrail_policies_operator ON guardrail_policies ((true)) WHERE team_id IS NULL;
CREATE UNIQUE INDEX guardrail_policies_team ON guardrail_policies (team_id) WHERE team_id IS NOT NULL AND api_key_id IS NULL;
CREATE UNIQUE INDEX guardrail_policies_key ON guardrail_policies (api_key_id) WHERE api_key_id IS NOT NULL;

-- What the guardrails did to a request, by rule and count, never what they found: `redacted=email:2;flagged=phone:1`,
-- or `blocked=secret:1` for a refusal.
ALTER TABLE usage_events ADD COLUMN guardrails text;
