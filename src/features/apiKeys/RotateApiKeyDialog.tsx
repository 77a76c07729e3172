import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { ApiKey, CreatedApiKey } from '../../../contract/schemas/apiKeys';
import { errorMessage } from '../../lib/apiError';
import { useRotateApiKeyMutation } from '../../store/api';
import { CreatedKeyPanel } from './CreatedKeyPanel';
import { rotationText } from './keyStatus';
import { GRACE_CHOICES, graceSeconds, MAX_GRACE_HOURS, type GraceChoice } from './rotation';
import { DialogForm } from '../../components/DialogForm';

/**
 * Rotate: a new secret for the same key (same id, limits and history); the old one keeps working for the grace period
 * chosen here. The new secret is shown once, as after a create.
 */
export default function RotateApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const [choice, setChoice] = useState<GraceChoice>('24h');
  const [customHours, setCustomHours] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [rotated, setRotated] = useState<CreatedApiKey | null>(null);
  const [rotateApiKey, { isLoading }] = useRotateApiKeyMutation();

  const rotate = async (event: FormEvent) => {
    event.preventDefault();
    const grace = graceSeconds(choice, customHours);
    setCustomError('error' in grace ? grace.error : null);
    if ('error' in grace) return;
    setFailure(null);
    try {
      setRotated(await rotateApiKey({ id: apiKey.id, grace_seconds: grace.seconds }).unwrap());
    } catch (error) {
      setFailure(`Failed to rotate the key: ${errorMessage(error, 'Unknown error')}`);
    }
  };

  const title = `Rotate API key "${apiKey.name}"`;
  if (rotated) {
    const grace = rotationText(rotated, new Date());
    return (
      <Dialog open onClose={onClose} aria-labelledby="rotate-key-title" maxWidth="sm" fullWidth>
        <DialogTitle id="rotate-key-title">{title}</DialogTitle>
        <DialogContent>
          <CreatedKeyPanel
            apiKey={rotated}
            message={grace ?? 'Rotated — the old secret no longer works.'}
            done={
              <Button variant="contained" onClick={onClose}>
                Done
              </Button>
            }
          />
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="rotate-key-title" maxWidth="sm" fullWidth>
      <DialogForm onSubmit={(event) => void rotate(event)}>
        <DialogTitle id="rotate-key-title">{title}</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <DialogContentText sx={{ mb: 2 }}>
            Rotating gives this key a new secret. Its name, limits and history stay. Until the grace period ends the old
            secret works too, so you can move your apps to the new one; then it stops working.
          </DialogContentText>
          <FormControl>
            <FormLabel id="rotate-grace-label">Grace period: the old secret stops working</FormLabel>
            <RadioGroup
              aria-labelledby="rotate-grace-label"
              value={choice}
              onChange={(event) => setChoice(event.target.value as GraceChoice)}
            >
              {GRACE_CHOICES.map((option) => (
                <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
              ))}
            </RadioGroup>
          </FormControl>
          {choice === 'custom' && (
            <TextField
              label="Grace period (hours)"
              type="number"
              value={customHours}
              onChange={(event) => setCustomHours(event.target.value)}
              error={Boolean(customError)}
              helperText={customError ?? `From 0 to ${MAX_GRACE_HOURS} hours (7 days).`}
              slotProps={{ htmlInput: { min: 0, max: MAX_GRACE_HOURS, step: 1 } }}
              fullWidth
              autoFocus
              sx={{ mt: 2 }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Rotating…' : 'Rotate key'}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
