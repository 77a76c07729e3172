import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { apiKeyNameToSend, createKeyFailure, type CreateKeyFailure } from './apiKeys';
import type { ControlsFormErrors, ControlsFormValues } from './keyControls';
import { errorMessage, hasStatus } from '../../lib/apiError';
import { useCreateApiKeyMutation } from '../../store/api';
import type { ApiKeyCreateBody, CreatedApiKey } from '../../../contract/schemas/apiKeys';
import { ApiKeyNameField } from './ApiKeyNameField';
import { PageLoader } from '../../components/PageLoader';

// The controls are optional and collapsed: their fields (an Autocomplete, the contract's limits) download only when
// the section is opened, so the one-field form stays as light as before (docs/performance.md, Bundle budget).
const loadKeyControls = () => import(/* webpackChunkName: "key-controls" */ './keyControls');
const KeyControlsFields = lazy(() => import(/* webpackChunkName: "key-controls" */ './KeyControlsFields'));

/** The create body: the name, and the controls that differ from a plain key's (none until the section is used). */
async function createBody(
  name: string,
  controls: ControlsFormValues | null,
): Promise<{ body: ApiKeyCreateBody; errors: null } | { body: null; errors: ControlsFormErrors }> {
  if (!controls) return { body: { name }, errors: null };
  const { controlsToCreate, parseControls } = await loadKeyControls();
  const parsed = parseControls(controls, new Date());
  if (!parsed.controls) return { body: null, errors: parsed.errors };
  return { body: { name, ...controlsToCreate(parsed.controls) }, errors: null };
}

/**
 * The key's name (required, trimmed, submit disabled when empty) and, under 'Limits and access (optional)', the
 * controls the Edit dialog also shows.
 */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [controlsOpen, setControlsOpen] = useState(false);
  const [controls, setControls] = useState<ControlsFormValues | null>(null);
  const [controlErrors, setControlErrors] = useState<ControlsFormErrors>({});
  const [failure, setFailure] = useState<CreateKeyFailure | null>(null);
  const [createApiKey, { isLoading }] = useCreateApiKeyMutation();
  const nameToSend = apiKeyNameToSend(name);
  const sectionId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!nameToSend) return;
    setFailure(null);
    const { body, errors } = await createBody(nameToSend, controls);
    setControlErrors(errors ?? {});
    if (!body) {
      setControlsOpen(true);
      return;
    }
    try {
      onCreated(await createApiKey(body).unwrap());
    } catch (error) {
      setFailure(createKeyFailure(errorMessage(error, ''), hasStatus(error, 400)));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Create API key" sx={{ display: 'grid', gap: 2 }}>
      {failure && (
        <Alert severity="error">
          {failure.message}
          {failure.needsTeam && (
            <Box sx={{ mt: 1 }}>
              <Link component={RouterLink} to="/team">
                Go to the Team page
              </Link>
            </Box>
          )}
        </Alert>
      )}
      <ApiKeyNameField value={name} onChange={setName} autoFocus />
      <Box>
        <Button
          aria-expanded={controlsOpen}
          aria-controls={sectionId}
          onClick={() => setControlsOpen((open) => !open)}
          endIcon={
            <ExpandMore sx={{ transform: controlsOpen ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
          }
        >
          Limits and access (optional)
        </Button>
        <Box id={sectionId} role="region" aria-label="Limits and access" hidden={!controlsOpen} sx={{ pt: 2 }}>
          {controlsOpen && (
            <Suspense fallback={<PageLoader label="Loading limits" />}>
              <KeyControlsFields values={controls} errors={controlErrors} onChange={setControls} />
            </Suspense>
          )}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={!nameToSend || isLoading}>
          {isLoading ? 'Creating…' : 'Create API Key'}
        </Button>
        <Button component={RouterLink} to="/api-keys">
          Cancel
        </Button>
      </Box>
    </Box>
  );
}
