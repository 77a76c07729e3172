import { useMemo, useState } from 'react';
import { COUPON_MESSAGES, couponChanges, couponFormFromCoupon, type CouponFormValues } from '../../../lib/couponAdmin';
import { toastShown } from '../../../slices/toastsSlice';
import { useUpdateCouponMutation } from '../../../store/api';
import { useAppDispatch } from '../../../store/hooks';
import type { Coupon } from '../../../store/types';
import type { Failure } from '../FailureAlert';
import { failureOf } from '../failure';
import { CouponFormDialog } from './CouponFormDialog';

/** Sends only the fields that changed (a partial update); with no change it just closes. */
export function EditCouponDialog({ coupon, onClose }: { coupon: Coupon; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [updateCoupon, { isLoading }] = useUpdateCouponMutation();
  const [failure, setFailure] = useState<Failure | null>(null);
  const initialValues = useMemo(() => couponFormFromCoupon(coupon), [coupon]);

  const save = async (values: CouponFormValues) => {
    const changes = couponChanges(initialValues, values);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    setFailure(null);
    try {
      await updateCoupon({ id: coupon.id, changes }).unwrap();
      dispatch(toastShown(COUPON_MESSAGES.updated, 'success'));
      onClose();
    } catch (error) {
      setFailure(failureOf(COUPON_MESSAGES.updateFailed, error));
    }
  };

  return (
    <CouponFormDialog
      title="Edit Coupon"
      submitLabel="Save Changes"
      initialValues={initialValues}
      withActive
      busy={isLoading}
      failure={failure}
      onClearFailure={() => setFailure(null)}
      onSubmit={(values) => void save(values)}
      onClose={onClose}
    />
  );
}
