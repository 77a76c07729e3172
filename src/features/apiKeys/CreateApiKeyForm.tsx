import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { apiKeyNameToSend, createKeyFailure, type CreateKeyFailure } from './apiKeys';
import { errorMessage } from '../../lib/apiError';
import { useCreateApiKeyMutation } from '../../store/api';
import type { CreatedApiKey } from '../../../contract/schemas/apiKeys';
import { TextInput } from '../../components/TextInput';

/** The one-field form (the API key name: required, trimmed, submit disabled when empty). */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<CreateKeyFailure | null>(null);
  const [createApiKey, { isLoading }] = useCreateApiKeyMutation();
  const nameToSend = apiKeyNameToSend(name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!nameToSend) return;
    setFailure(null);
    try {
      onCreated(await createApiKey({ name: nameToSend }).unwrap());
    } catch (error) {
      setFailure(createKeyFailure(errorMessage(error, '')));
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
      <TextInput
        label="API Key Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        fullWidth
        autoFocus
        helperText="A name that tells you where the key is used, e.g. 'Production server'."
        htmlInput={{ maxLength: 100 }}
      />
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
