import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { TextInput } from '../../components/TextInput';
import { errorMessage } from '../../lib/apiError';
import { toastShown } from '../../slices/toastsSlice';
import { useCreateWebhookEndpointMutation } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import { WEBHOOK_URL_MESSAGE } from '../../../contract/rules/alerts';
import type { CreatedWebhookEndpoint } from '../../../contract/schemas/alerts';

/** Adds an endpoint; its signing secret is shown here once, to copy. */
export function AddWebhookForm() {
  const dispatch = useAppDispatch();
  const [create, { isLoading }] = useCreateWebhookEndpointMutation();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const trimmed = url.trim();
    setUrlError(/^https?:\/\/\S+$/i.test(trimmed) ? null : WEBHOOK_URL_MESSAGE);
    if (!/^https?:\/\/\S+$/i.test(trimmed)) return;
    try {
      setCreated(await create({ url: trimmed, description: description.trim() }).unwrap());
      setUrl('');
      setDescription('');
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to add the webhook'));
    }
  };

  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      dispatch(toastShown('Signing secret copied to clipboard', 'success'));
    } catch {
      dispatch(toastShown('Could not copy the secret. Select it and copy it by hand.', 'error'));
    }
  };

  return (
    <Stack spacing={2}>
      {created && (
        <Alert severity="success" onClose={() => setCreated(null)}>
          <Typography variant="body2">
            Webhook added. Its signing secret is shown this once: your receiver checks each message&apos;s
            webhook-signature with it.
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, minWidth: 0 }}>
            <Box
              component="code"
              aria-label="Signing secret"
              sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
            >
              {created.secret}
            </Box>
            <IconButton size="small" aria-label="Copy signing secret" onClick={() => void copy(created.secret)}>
              <ContentCopy fontSize="inherit" />
            </IconButton>
          </Box>
        </Alert>
      )}
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        aria-label="Add webhook"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'flex-start' } }}
      >
        <TextInput
          label="Webhook URL"
          type="url"
          size="small"
          required
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          errorText={urlError}
          htmlInput={{ maxLength: 2000 }}
          sx={{ flex: 2 }}
        />
        <TextInput
          label="Description"
          size="small"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          htmlInput={{ maxLength: 200 }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={isLoading} sx={{ flexShrink: 0 }}>
          Add Webhook
        </Button>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
    </Stack>
  );
}
