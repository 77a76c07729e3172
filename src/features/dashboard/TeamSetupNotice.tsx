import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

/** The orange notice when the team fetch failed. */
export function TeamSetupNotice() {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 3 }}
      action={
        <Button component={RouterLink} to="/team" color="inherit" size="small">
          Go to Team Settings
        </Button>
      }
    >
      <AlertTitle>Team Setup Required</AlertTitle>
      You are not part of a team yet. Set one up to create API keys, buy credits and track usage.
    </Alert>
  );
}
