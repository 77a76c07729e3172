import { lazy, Suspense } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectCurrentToast, toastDismissed } from '../../slices/toastsSlice';

// Snackbar (with its transitions) is downloaded with the first toast, not with every first screen (README).
const ToastSnackbar = lazy(() => import(/* webpackChunkName: "toast" */ './ToastSnackbar'));

export function Toaster() {
  const dispatch = useAppDispatch();
  const toast = useAppSelector(selectCurrentToast);
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastSnackbar key={toast.id} toast={toast} onDismiss={() => dispatch(toastDismissed(toast.id))} />
    </Suspense>
  );
}
