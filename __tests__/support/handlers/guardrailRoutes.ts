// Guardrail policies (docs/guardrails.md#policies) over fakeDb: the team's, read by its members and set by its owner.
import { fakeDb } from '../fakeBackend';
import { GuardrailPolicy, type GuardrailSettings } from '../../../contract/schemas/guardrails';
import { TEAM_GUARDRAILS_PATH } from '../../../contract/apiPaths';
import { checkBody, json, ownTeam, ownedTeam, route } from './http';
import { recordAudit } from './auditRoutes';

const settingsOf = (teamId: string): GuardrailSettings => ({
  policy: fakeDb.state.guardrailPolicies[teamId] ?? null,
  floor: fakeDb.state.guardrailFloor,
});

const getTeamGuardrails = route('get', TEAM_GUARDRAILS_PATH, () => json(settingsOf(ownTeam().team.id)));

const saveTeamGuardrails = route('put', TEAM_GUARDRAILS_PATH, ({ body }) => {
  const { team } = ownedTeam();
  const policy = checkBody(GuardrailPolicy, body) as GuardrailPolicy;
  const before = fakeDb.state.guardrailPolicies[team.id] ?? null;
  fakeDb.state.guardrailPolicies[team.id] = policy;
  recordAudit('team.guardrails_changed', { id: team.id, label: team.name }, before, policy);
  return json(settingsOf(team.id));
});

export const guardrailRoutes = [getTeamGuardrails, saveTeamGuardrails];
