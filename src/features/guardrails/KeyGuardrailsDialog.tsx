import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ApiKey } from '../../../contract/schemas/apiKeys';
import { useGetKeyGuardrailsQuery, useSaveKeyGuardrailsMutation } from '../../store/api';
import { LoadedPolicyForm } from './GuardrailsPolicyForm';

const KEY_INTRO =
  "This key's own rules, for its prompts and answers: each detector is its team's policy unless set here, narrower " +
  "(a stricter action) or wider (Off). The operator's floor still applies. Only the team's owner sets them.";

/** API Keys → a key's details → Guardrails (the team's owner; docs/guardrails.md#policies). */
export default function KeyGuardrailsDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const loaded = useGetKeyGuardrailsQuery(apiKey.id);
  const [save, { isLoading: saving }] = useSaveKeyGuardrailsMutation();
  return (
    <Dialog open onClose={onClose} aria-labelledby="key-guardrails-title" maxWidth="md" fullWidth>
      <DialogTitle id="key-guardrails-title">{`Guardrails of "${apiKey.name}"`}</DialogTitle>
      <DialogContent>
        <LoadedPolicyForm
          loaded={loaded}
          level="key"
          intro={KEY_INTRO}
          onSave={(policy) => save({ keyId: apiKey.id, policy }).unwrap()}
          saving={saving}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
