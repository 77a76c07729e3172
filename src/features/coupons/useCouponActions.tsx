import { useCallback, useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { COUPON_MESSAGES, DEACTIVATE_COUPON_CONFIRMATION, deactivateCouponTitle } from './couponAdmin';
import { toastShown } from '../../slices/toastsSlice';
import { useDeactivateCouponMutation } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import type { Coupon } from '../../store/types';
import type { Failure } from '../../components/admin/FailureAlert';
import { failureOf } from '../../components/admin/failure';

export const COPY_FAILED = 'Could not copy the code. Please copy it by hand.';

/** Copy a code and deactivate a coupon; the row refreshes through the cache tags. */
export function useCouponActions() {
  const dispatch = useAppDispatch();
  const { confirm, dialog } = useConfirm();
  const [deactivateCoupon] = useDeactivateCouponMutation();
  const [failure, setFailure] = useState<Failure | null>(null);

  const copy = useCallback(
    async (code: string) => {
      try {
        await navigator.clipboard.writeText(code);
        dispatch(toastShown(COUPON_MESSAGES.copied, 'success'));
      } catch {
        dispatch(toastShown(COPY_FAILED, 'error'));
      }
    },
    [dispatch],
  );

  const deactivate = useCallback(
    async (coupon: Coupon) => {
      const confirmed = await confirm({
        title: deactivateCouponTitle(coupon),
        message: DEACTIVATE_COUPON_CONFIRMATION,
      });
      if (!confirmed) return;
      setFailure(null);
      try {
        await deactivateCoupon(coupon.id).unwrap();
        dispatch(toastShown(COUPON_MESSAGES.deactivated, 'success'));
      } catch (error) {
        setFailure(failureOf(COUPON_MESSAGES.deactivateFailed, error));
      }
    },
    [confirm, deactivateCoupon, dispatch],
  );

  return { copy, deactivate, failure, clearFailure: () => setFailure(null), confirmDialog: dialog };
}
