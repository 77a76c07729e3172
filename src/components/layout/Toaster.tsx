import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectCurrentToast, toastDismissed, TOAST_DURATION_MS } from '../../slices/toastsSlice';

export function Toaster() {
  const dispatch = useAppDispatch();
  const toast = useAppSelector(selectCurrentToast);
  if (!toast) return null;
  const dismiss = () => dispatch(toastDismissed(toast.id));
  return (
    <Snackbar
      key={toast.id}
      open
      autoHideDuration={TOAST_DURATION_MS}
      onClose={(_event, reason) => reason !== 'clickaway' && dismiss()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={toast.severity} variant="filled" onClose={dismiss} sx={{ width: '100%' }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
