import { useCallback, useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/apiError';
import { useRevokeApiKeyMutation } from '../../store/api';
import type { ApiKey } from '../../../contract/schemas/apiKeys';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../slices/toastsSlice';

export const REVOKE_CONFIRMATION = 'Are you sure you want to revoke this API key? This action cannot be undone.';
/** The dialog names the key; the fixed sentence stays as its message. */
export const revokeTitle = (keyName: string) => `Revoke API key "${keyName}"`;

/**
 * Revoke with the fixed confirmation. The list refreshes through the cache tags (revokeApiKey invalidates the
 * key's row), so nothing is refetched by hand.
 */
export function useRevokeApiKey() {
  const { confirm, dialog } = useConfirm();
  const [revokeApiKey] = useRevokeApiKeyMutation();
  const dispatch = useAppDispatch();
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const revoke = useCallback(
    async (key: ApiKey) => {
      const confirmed = await confirm({
        title: revokeTitle(key.name),
        message: REVOKE_CONFIRMATION,
        confirmLabel: 'Revoke Key',
      });
      if (!confirmed) return;
      setRevokeError(null);
      try {
        await revokeApiKey(key.id).unwrap();
        dispatch(toastShown(`API key "${key.name}" revoked`, 'success'));
      } catch (error) {
        setRevokeError(`Error revoking API key: ${errorMessage(error, 'Unknown error')}`);
      }
    },
    [confirm, dispatch, revokeApiKey],
  );

  return { revoke, revokeError, clearRevokeError: () => setRevokeError(null), confirmDialog: dialog };
}
