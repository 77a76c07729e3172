import { useCallback } from 'react';
import { useConfirm } from '../ConfirmDialog';
import { useFormMutation, type MutationMessages } from './useFormMutation';

export interface DeactivationMessages<Row> extends MutationMessages {
  title: (row: Row) => string;
  confirmation: string;
}

/**
 * Deactivate an admin list's row after a confirmation: a toast on success, the failure (with the server's reason)
 * kept for the page's alert. The row refreshes through the cache tags. `messages` is module-level (stable).
 */
export function useConfirmedDeactivation<Row extends { id: string }>(
  deactivateById: (id: string) => { unwrap: () => Promise<unknown> },
  messages: DeactivationMessages<Row>,
) {
  const { confirm, dialog } = useConfirm();
  const { run, failure, clearFailure } = useFormMutation();

  const deactivate = useCallback(
    async (row: Row) => {
      const confirmed = await confirm({ title: messages.title(row), message: messages.confirmation });
      if (confirmed) await run(() => deactivateById(row.id).unwrap(), messages);
    },
    [confirm, deactivateById, run, messages],
  );

  return { deactivate, failure, clearFailure, confirmDialog: dialog };
}
