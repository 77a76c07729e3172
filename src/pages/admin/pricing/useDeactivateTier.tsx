import { useCallback, useState } from 'react';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DEACTIVATE_TIER_CONFIRMATION, DEACTIVATE_TIER_FAILED, deactivateTierTitle } from '../../../lib/pricing';
import { toastShown } from '../../../slices/toastsSlice';
import { useDeactivatePricingTierMutation } from '../../../store/api';
import { useAppDispatch } from '../../../store/hooks';
import type { PricingTier } from '../../../store/types';
import type { Failure } from '../FailureAlert';
import { failureOf } from '../failure';

export const TIER_DEACTIVATED = 'Pricing tier deactivated successfully!';

/** Deactivate with the fixed confirmation; the row refreshes through the cache tags. */
export function useDeactivateTier() {
  const dispatch = useAppDispatch();
  const { confirm, dialog } = useConfirm();
  const [deactivateTier] = useDeactivatePricingTierMutation();
  const [failure, setFailure] = useState<Failure | null>(null);

  const deactivate = useCallback(
    async (tier: PricingTier) => {
      const confirmed = await confirm({ title: deactivateTierTitle(tier), message: DEACTIVATE_TIER_CONFIRMATION });
      if (!confirmed) return;
      setFailure(null);
      try {
        await deactivateTier(tier.id).unwrap();
        dispatch(toastShown(TIER_DEACTIVATED, 'success'));
      } catch (error) {
        setFailure(failureOf(DEACTIVATE_TIER_FAILED, error));
      }
    },
    [confirm, deactivateTier, dispatch],
  );

  return { deactivate, failure, clearFailure: () => setFailure(null), confirmDialog: dialog };
}
