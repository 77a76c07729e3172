import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { COPY_CONFIRMATION_MS } from './apiKeys';
import { KeySnippets } from './KeySnippets';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../slices/toastsSlice';
import type { CreatedApiKey } from '../../../contract/schemas/apiKeys';

interface CreatedKeyPanelProps {
  apiKey: CreatedApiKey;
  /** What happened, above the warning; default: the key was created. */
  message?: ReactNode;
  /** The way on; default: the link to the list of keys. */
  done?: ReactNode;
}

/**
 * The full secret, shown this once after a create or a rotation (it lives only in that page's or dialog's state,
 * never in the cache of the list).
 */
export function CreatedKeyPanel({ apiKey, message, done }: CreatedKeyPanelProps) {
  const dispatch = useAppDispatch();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey.key);
      setCopied(true);
    } catch {
      dispatch(toastShown('Could not copy the key. Select it and copy it by hand.', 'error'));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="success">{message ?? `API key "${apiKey.name}" created.`}</Alert>
      <Alert severity="warning">Copy this key now and store it somewhere safe. It will not be shown again.</Alert>
      <Box>
        <Typography variant="body2" color="textSecondary" id="new-api-key-label" sx={{ mb: 0.5 }}>
          Your new API key
        </Typography>
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'stretch',
            flexDirection: { xs: 'column', sm: 'row' },
            minWidth: 0,
          }}
        >
          <Box
            component="code"
            aria-labelledby="new-api-key-label"
            data-testid="new-api-key"
            sx={{
              flex: 1,
              minWidth: 0,
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontFamily: 'monospace',
              fontSize: 14,
              userSelect: 'all',
              wordBreak: 'break-all',
            }}
          >
            {apiKey.key}
          </Box>
          <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()} aria-live="polite">
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </Box>
      </Box>
      <KeySnippets secret={apiKey.key} model={apiKey.allowed_models?.[0]} />
      <Box>
        {done ?? (
          <Button component={RouterLink} to="/api-keys" variant="contained">
            View All API Keys
          </Button>
        )}
      </Box>
    </Box>
  );
}
