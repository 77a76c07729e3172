import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TOAST_DURATION_MS, type Toast } from '../../slices/toastsSlice';

/** One toast, bottom centre, gone after TOAST_DURATION_MS: a chunk of its own, loaded with the first toast (Toaster). */
export default function ToastSnackbar({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  return (
    <Snackbar
      open
      autoHideDuration={TOAST_DURATION_MS}
      onClose={(_event, reason) => reason !== 'clickaway' && onDismiss()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={toast.severity} variant="filled" onClose={onDismiss} sx={{ width: '100%' }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
