import { useCallback, useState } from 'react';
import { useConfirm } from '../ConfirmDialog';
import { toastShown } from '../../slices/toastsSlice';
import { useAppDispatch } from '../../store/hooks';
import type { Failure } from './FailureAlert';
import { failureOf } from './failure';

export interface DeactivationMessages<Row> {
  title: (row: Row) => string;
  confirmation: string;
  succeeded: string;
  failed: string;
}

/**
 * Deactivate an admin list's row after a confirmation: a toast on success, the failure (with the server's reason)
 * kept for the page's alert. The row refreshes through the cache tags. `messages` is module-level (stable).
 */
export function useConfirmedDeactivation<Row extends { id: string }>(
  deactivateById: (id: string) => { unwrap: () => Promise<unknown> },
  messages: DeactivationMessages<Row>,
) {
  const dispatch = useAppDispatch();
  const { confirm, dialog } = useConfirm();
  const [failure, setFailure] = useState<Failure | null>(null);

  const deactivate = useCallback(
    async (row: Row) => {
      const confirmed = await confirm({ title: messages.title(row), message: messages.confirmation });
      if (!confirmed) return;
      setFailure(null);
      try {
        await deactivateById(row.id).unwrap();
        dispatch(toastShown(messages.succeeded, 'success'));
      } catch (error) {
        setFailure(failureOf(messages.failed, error));
      }
    },
    [confirm, deactivateById, dispatch, messages],
  );

  return { deactivate, failure, clearFailure: () => setFailure(null), confirmDialog: dialog };
}
