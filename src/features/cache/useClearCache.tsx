import { useCallback } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/apiError';
import { usePurgeApiKeyCacheMutation, usePurgeTeamCacheMutation } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../slices/toastsSlice';

export const CLEAR_KEY_CACHE = 'Clear Cached Answers';
export const CLEAR_TEAM_CACHE = 'Clear Team Cache';
export const CLEAR_KEY_CACHE_MESSAGE =
  "The gateway forgets every answer it kept for this key's requests: their next identical request goes to the provider and is billed.";
export const CLEAR_TEAM_CACHE_MESSAGE =
  "The gateway forgets every answer it kept for the team's keys: their next identical requests go to the provider and are billed.";

/** "Cleared 3 cached answers" / "There were no cached answers to clear". */
export const clearedText = (deleted: number) =>
  deleted === 0
    ? 'There were no cached answers to clear'
    : `Cleared ${deleted} cached ${deleted === 1 ? 'answer' : 'answers'}`;

/**
 * Clearing the response cache's answers of a key (its creator or the owner) or of the whole team (the owner), after
 * a confirmation (docs/gateway.md#caching). Says how many went, or why it failed, in a toast.
 */
export function useClearCache() {
  const { confirm, dialog } = useConfirm();
  const [purgeKey, { isLoading: clearingKey }] = usePurgeApiKeyCacheMutation();
  const [purgeTeam, { isLoading: clearingTeam }] = usePurgeTeamCacheMutation();
  const dispatch = useAppDispatch();

  const run = useCallback(
    async (title: string, message: string, purge: () => Promise<{ deleted: number }>) => {
      if (!(await confirm({ title, message, confirmLabel: 'Clear' }))) return;
      try {
        dispatch(toastShown(clearedText((await purge()).deleted), 'success'));
      } catch (error) {
        dispatch(toastShown(`The cache could not be cleared: ${errorMessage(error, 'Unknown error')}`, 'error'));
      }
    },
    [confirm, dispatch],
  );

  const clearKey = useCallback(
    (key: { id: string; name: string }) =>
      run(`Clear the cached answers of "${key.name}"`, CLEAR_KEY_CACHE_MESSAGE, () => purgeKey(key.id).unwrap()),
    [purgeKey, run],
  );
  const clearTeam = useCallback(
    () => run("Clear the team's cached answers", CLEAR_TEAM_CACHE_MESSAGE, () => purgeTeam().unwrap()),
    [purgeTeam, run],
  );

  return { clearKey, clearTeam, clearing: clearingKey || clearingTeam, confirmDialog: dialog };
}
