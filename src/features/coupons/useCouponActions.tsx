import { useCallback } from 'react';
import { useConfirmedDeactivation, type DeactivationMessages } from '../../components/forms/useConfirmedDeactivation';
import { COUPON_MESSAGES, DEACTIVATE_COUPON_CONFIRMATION, deactivateCouponTitle } from './couponAdmin';
import { toastShown } from '../../slices/toastsSlice';
import { useDeactivateCouponMutation } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import type { Coupon } from '../../../contract/schemas/coupons';

export const COPY_FAILED = 'Could not copy the code. Please copy it by hand.';

const DEACTIVATION: DeactivationMessages<Coupon> = {
  title: deactivateCouponTitle,
  confirmation: DEACTIVATE_COUPON_CONFIRMATION,
  succeeded: COUPON_MESSAGES.deactivated,
  failed: COUPON_MESSAGES.deactivateFailed,
};

/** Copy a code and deactivate a coupon; the row refreshes through the cache tags. */
export function useCouponActions() {
  const dispatch = useAppDispatch();
  const [deactivateCoupon] = useDeactivateCouponMutation();

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

  return { copy, ...useConfirmedDeactivation(deactivateCoupon, DEACTIVATION) };
}
