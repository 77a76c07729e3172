import { useCallback, useState } from 'react';
import { toastShown } from '../../slices/toastsSlice';
import { useAppDispatch } from '../../store/hooks';
import type { Failure } from './FailureAlert';
import { failureOf } from './failure';

export interface MutationMessages {
  succeeded: string;
  failed: string;
}

/**
 * Runs a form's change (an owner's, a member's or an administrator's): on success a toast and then `onDone` (a
 * dialog closes); on failure the failure sentence with the server's reason is kept for the page's or dialog's alert.
 */
export function useFormMutation(onDone?: () => void) {
  const dispatch = useAppDispatch();
  const [failure, setFailure] = useState<Failure | null>(null);
  const run = useCallback(
    async (send: () => Promise<unknown>, messages: MutationMessages) => {
      setFailure(null);
      try {
        await send();
        dispatch(toastShown(messages.succeeded, 'success'));
        onDone?.();
      } catch (error) {
        setFailure(failureOf(messages.failed, error));
      }
    },
    [dispatch, onDone],
  );
  const clearFailure = useCallback(() => setFailure(null), []);
  return { run, failure, clearFailure };
}
