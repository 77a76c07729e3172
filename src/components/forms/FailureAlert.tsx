import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

export interface Failure {
  /** The fixed failure sentence, e.g. 'Failed to create coupon'. */
  title: string;
  /** The server's explanation when it gave one (e.g. a 409 'Coupon code already exists'). */
  detail?: string;
}

/** The fixed failure sentence with the server's reason under it, so the person knows what to fix. */
export function FailureAlert({ failure, onClose }: { failure: Failure | null; onClose?: () => void }) {
  if (!failure) return null;
  return (
    <Alert severity="error" onClose={onClose} sx={{ mb: 2 }}>
      <AlertTitle>{failure.title}</AlertTitle>
      {failure.detail && failure.detail !== failure.title ? failure.detail : null}
    </Alert>
  );
}
