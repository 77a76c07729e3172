import { SectionCard } from '../../components/SectionCard';
import { useGetTeamGuardrailsQuery, useSaveTeamGuardrailsMutation } from '../../store/api';
import { LoadedPolicyForm } from './GuardrailsPolicyForm';

const TEAM_INTRO =
  'What the gateway does when a prompt to any model, or its answer, holds a secret or personal data, on every key of ' +
  'the team: nothing, flag it in the request log, replace it before the provider (or the caller) sees it, or refuse ' +
  "it (a refused prompt is not billed). Only the rule's name and a count are ever recorded, never what it found.";

/** Team Settings → Guardrails (owner only; docs/guardrails.md): what the gateway does when a prompt holds a secret. */
export function GuardrailsSection() {
  const loaded = useGetTeamGuardrailsQuery();
  const [save, { isLoading: saving }] = useSaveTeamGuardrailsMutation();
  return (
    <SectionCard
      titleId="guardrails-title"
      title="Guardrails"
      titleVariant="h3"
      titleSx={{ mb: 2 }}
      sx={{ mt: 3, mb: 3 }}
    >
      <LoadedPolicyForm
        loaded={loaded}
        level="team"
        intro={TEAM_INTRO}
        onSave={(policy) => save(policy).unwrap()}
        saving={saving}
      />
    </SectionCard>
  );
}
