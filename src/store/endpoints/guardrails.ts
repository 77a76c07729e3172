import type { GuardrailPolicy, GuardrailSettings } from '../../../contract/schemas/guardrails';
import { ADMIN_GUARDRAILS_PATH, apiKeyGuardrailsPath, TEAM_GUARDRAILS_PATH } from '../../../contract/apiPaths';
import type { Build } from '../tags';

/**
 * Guardrail policies (docs/guardrails.md#policies), each read with the operator's floor under it and saved whole: the
 * team's (Team Settings), a key's (API Keys → a key's details), the floor (Admin → Routing). The floor shows on every
 * level's form, so saving it makes all of them stale.
 */
export const guardrailEndpoints = (build: Build) => ({
  getTeamGuardrails: build.query<GuardrailSettings, void>({
    query: () => TEAM_GUARDRAILS_PATH,
    providesTags: ['TeamGuardrails'],
  }),
  saveTeamGuardrails: build.mutation<GuardrailSettings, GuardrailPolicy>({
    query: (body) => ({ url: TEAM_GUARDRAILS_PATH, method: 'PUT', body }),
    invalidatesTags: ['TeamGuardrails'],
  }),
  getKeyGuardrails: build.query<GuardrailSettings, string>({
    query: (keyId) => apiKeyGuardrailsPath(keyId),
    providesTags: (_result, _error, keyId) => [{ type: 'KeyGuardrails', id: keyId }],
  }),
  saveKeyGuardrails: build.mutation<GuardrailSettings, { keyId: string; policy: GuardrailPolicy }>({
    query: ({ keyId, policy }) => ({ url: apiKeyGuardrailsPath(keyId), method: 'PUT', body: policy }),
    invalidatesTags: (_result, _error, { keyId }) => [{ type: 'KeyGuardrails', id: keyId }],
  }),
  getGuardrailsFloor: build.query<GuardrailSettings, void>({
    query: () => ADMIN_GUARDRAILS_PATH,
    providesTags: ['GuardrailsFloor'],
  }),
  saveGuardrailsFloor: build.mutation<GuardrailSettings, GuardrailPolicy>({
    query: (body) => ({ url: ADMIN_GUARDRAILS_PATH, method: 'PUT', body }),
    invalidatesTags: ['GuardrailsFloor', 'TeamGuardrails', 'KeyGuardrails'],
  }),
});
