import Alert from '@mui/material/Alert';

// Its own chunk: only a visitor whose session just ended sees it, so the login page's first download skips Alert.
export default function SessionEndedNotice() {
  return (
    <Alert severity="info" sx={{ mb: 3, textAlign: 'left' }}>
      Your session has ended. Please sign in again.
    </Alert>
  );
}
