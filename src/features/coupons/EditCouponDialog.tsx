import { useMemo } from 'react';
import { COUPON_MESSAGES, couponChanges, couponFormFromCoupon, type CouponFormValues } from './couponAdmin';
import { useUpdateCouponMutation } from '../../store/api';
import type { Coupon } from '../../../contract/schemas/coupons';
import { useFormMutation } from '../../components/forms/useFormMutation';
import { CouponFormDialog } from './CouponFormDialog';

/** Sends only the fields that changed (a partial update); with no change it just closes. */
export function EditCouponDialog({ coupon, onClose }: { coupon: Coupon; onClose: () => void }) {
  const [updateCoupon, { isLoading }] = useUpdateCouponMutation();
  const { run, failure, clearFailure } = useFormMutation(onClose);
  const initialValues = useMemo(() => couponFormFromCoupon(coupon), [coupon]);

  const save = async (values: CouponFormValues) => {
    const changes = couponChanges(initialValues, values);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    await run(() => updateCoupon({ id: coupon.id, changes }).unwrap(), {
      succeeded: COUPON_MESSAGES.updated,
      failed: COUPON_MESSAGES.updateFailed,
    });
  };

  return (
    <CouponFormDialog
      title="Edit Coupon"
      submitLabel="Save Changes"
      initialValues={initialValues}
      withActive
      busy={isLoading}
      failure={failure}
      onClearFailure={clearFailure}
      onSubmit={(values) => void save(values)}
      onClose={onClose}
    />
  );
}
