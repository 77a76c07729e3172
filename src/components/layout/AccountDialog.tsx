import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/apiError';
import { sessionEnded } from '../../slices/sessionSlice';
import { useSignOutEverywhereMutation } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import type { AuthUser } from '../../../contract/schemas/auth';

/**
 * The signed-in account, and "Sign out everywhere" for a lost laptop: every session of the user ends on the
 * server, this one included, and the app goes to /login as after any ended session. Loaded on first open.
 */
export default function AccountDialog({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: AuthUser | undefined;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [signOutEverywhere, { isLoading }] = useSignOutEverywhereMutation();
  const [error, setError] = useState<string | null>(null);

  const endAllSessions = async () => {
    setError(null);
    try {
      await signOutEverywhere().unwrap();
      onClose();
      dispatch(sessionEnded());
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to sign out everywhere'));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="account-title" maxWidth="xs" fullWidth>
      <DialogTitle id="account-title">Your account</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontWeight: 600 }}>{user?.name || user?.login || 'Guest'}</Typography>
        {user?.email && (
          <Typography variant="body2" color="textSecondary">
            {user.email}
          </Typography>
        )}
        {user && (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            Signed in as {user.login}
            {user.is_admin ? ' (administrator)' : ''}
          </Typography>
        )}
        <Typography component="h3" variant="subtitle2" sx={{ mt: 2 }}>
          Signed in on a device you no longer have?
        </Typography>
        <DialogContentText variant="body2">
          Sign out everywhere ends your session on every browser and device, this one included. API keys keep working:
          revoke a key on the API Keys page.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button onClick={endAllSessions} color="error" variant="contained" disabled={isLoading}>
          {isLoading ? 'Signing out…' : 'Sign out everywhere'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
