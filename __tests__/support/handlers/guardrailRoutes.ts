// Guardrail policies (docs/guardrails.md#policies) over fakeDb: the team's and a key's, read by the team's members and
// set by its owner; the operator's floor, read and set by administrators.
import { fakeDb } from '../fakeBackend';
import { GuardrailPolicy, type GuardrailSettings } from '../../../contract/schemas/guardrails';
import { ADMIN_GUARDRAILS_PATH, API_KEYS_PATH, TEAM_GUARDRAILS_PATH } from '../../../contract/apiPaths';
import { adminUser, checkBody, json, notFound, ownTeam, ownedTeam, route } from './http';
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

const KEY_GUARDRAILS_PATH = `${API_KEYS_PATH}:id/guardrails`;

function teamKey(keyId: string, teamId: string) {
  const key = fakeDb.state.apiKeys.find((row) => row.id === keyId && row.team_id === teamId);
  if (!key) throw notFound('API key not found');
  return key;
}

const keySettings = (keyId: string): GuardrailSettings => ({
  policy: fakeDb.state.keyGuardrailPolicies[keyId] ?? null,
  floor: fakeDb.state.guardrailFloor,
});

const getKeyGuardrails = route('get', KEY_GUARDRAILS_PATH, ({ params }) => {
  teamKey(params.id as string, ownTeam().team.id);
  return json(keySettings(params.id as string));
});

const saveKeyGuardrails = route('put', KEY_GUARDRAILS_PATH, ({ params, body }) => {
  const key = teamKey(params.id as string, ownedTeam().team.id);
  const policy = checkBody(GuardrailPolicy, body) as GuardrailPolicy;
  const before = fakeDb.state.keyGuardrailPolicies[key.id] ?? null;
  fakeDb.state.keyGuardrailPolicies[key.id] = policy;
  recordAudit('api_key.guardrails_changed', { id: key.id, label: key.name }, before, policy);
  return json(keySettings(key.id));
});

const floorSettings = (): GuardrailSettings => ({
  policy: fakeDb.state.guardrailFloor,
  floor: fakeDb.state.guardrailFloor,
});

const getFloor = route('get', ADMIN_GUARDRAILS_PATH, () => {
  adminUser();
  return json(floorSettings());
});

const saveFloor = route('put', ADMIN_GUARDRAILS_PATH, ({ body }) => {
  adminUser();
  const policy = checkBody(GuardrailPolicy, body) as GuardrailPolicy;
  const before = fakeDb.state.guardrailFloor;
  fakeDb.state.guardrailFloor = policy;
  recordAudit('guardrails.floor_changed', { id: 'floor', label: 'Guardrail floor' }, before, policy);
  return json(floorSettings());
});

export const guardrailRoutes = [
  getTeamGuardrails,
  saveTeamGuardrails,
  getKeyGuardrails,
  saveKeyGuardrails,
  getFloor,
  saveFloor,
];
