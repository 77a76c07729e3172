import Box from '@mui/material/Box';
import { AfterFirstPaint } from '../../../components/AfterFirstPaint';
import { PageLoader } from '../../../components/PageLoader';
import { SectionCard } from '../../../components/SectionCard';
import { LoadedPolicyForm } from '../../../features/guardrails/GuardrailsPolicyForm';
import { useGetGuardrailsFloorQuery, useSaveGuardrailsFloorMutation } from '../../../store/api';

const FLOOR_INTRO =
  "The least every team gets, on every key, for prompts and answers: a team's or a key's action below the floor's is " +
  "raised to it, and the floor's patterns apply to all. Teams see the floor on their own guardrails.";

/** The floor's form and what it reads and saves. */
function FloorForm() {
  const loaded = useGetGuardrailsFloorQuery();
  const [save, { isLoading: saving }] = useSaveGuardrailsFloorMutation();
  return (
    <LoadedPolicyForm
      loaded={loaded}
      level="floor"
      intro={FLOOR_INTRO}
      onSave={(policy) => save(policy).unwrap()}
      saving={saving}
    />
  );
}

// The form is in the page's chunk; AfterFirstPaint takes it as a module already loaded.
const loadFloorForm = () => Promise.resolve({ default: FloorForm });

/**
 * Admin → Routing → Guardrails floor (docs/guardrails.md#policies): the operator's policy under every team's. The last
 * section of the page, a screen or more down: its form (seven selects and the patterns) is drawn, and the floor asked
 * for, when needed, as the grids above are (docs/performance.md, "Grids mounted when needed").
 */
export function GuardrailsFloorSection() {
  return (
    <SectionCard titleId="guardrails-floor-title" title="Guardrails floor" sx={{ mb: 4 }}>
      <AfterFirstPaint
        whenNeeded
        load={loadFloorForm}
        props={{}}
        fallback={
          <Box sx={{ minHeight: 480 }}>
            <PageLoader label="Loading the guardrails floor" />
          </Box>
        }
      />
    </SectionCard>
  );
}
