import type { GuardrailPolicy, GuardrailSettings } from '../../../contract/schemas/guardrails';
import { TEAM_GUARDRAILS_PATH } from '../../../contract/apiPaths';
import type { Build } from '../tags';

/**
 * The team's guardrail policy (docs/guardrails.md#policies): read by the owner's Team Settings, with the operator's
 * floor under it; saved whole. Nothing else shows a policy, so only the policy's own tag goes stale.
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
});
