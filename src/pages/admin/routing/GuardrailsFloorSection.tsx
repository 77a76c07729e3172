import { SectionCard } from '../../../components/SectionCard';
import { LoadedPolicyForm } from '../../../features/guardrails/GuardrailsPolicyForm';
import { useGetGuardrailsFloorQuery, useSaveGuardrailsFloorMutation } from '../../../store/api';

const FLOOR_INTRO =
  "The least every team gets, on every key, for prompts and answers: a team's or a key's action below the floor's is " +
  "raised to it, and the floor's patterns apply to all. Teams see the floor on their own guardrails.";

/** Admin → Routing → Guardrails floor (docs/guardrails.md#policies): the operator's policy under every team's. */
export function GuardrailsFloorSection() {
  const loaded = useGetGuardrailsFloorQuery();
  const [save, { isLoading: saving }] = useSaveGuardrailsFloorMutation();
  return (
    <SectionCard titleId="guardrails-floor-title" title="Guardrails floor" sx={{ mb: 4 }}>
      <LoadedPolicyForm
        loaded={loaded}
        level="floor"
        intro={FLOOR_INTRO}
        onSave={(policy) => save(policy).unwrap()}
        saving={saving}
      />
    </SectionCard>
  );
}
