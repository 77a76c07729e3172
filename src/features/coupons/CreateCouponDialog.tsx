import { useState } from 'react';
import { COUPON_MESSAGES, couponCreatePayload, EMPTY_COUPON_FORM, type CouponFormValues } from './couponAdmin';
import { toastShown } from '../../slices/toastsSlice';
import { useCreateCouponMutation } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import type { Failure } from '../../components/admin/FailureAlert';
import { failureOf } from '../../components/admin/failure';
import { CouponFormDialog } from './CouponFormDialog';

export function CreateCouponDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [createCoupon, { isLoading }] = useCreateCouponMutation();
  const [failure, setFailure] = useState<Failure | null>(null);

  const create = async (values: CouponFormValues) => {
    setFailure(null);
    try {
      await createCoupon(couponCreatePayload(values)).unwrap();
      dispatch(toastShown(COUPON_MESSAGES.created, 'success'));
      onClose();
    } catch (error) {
      setFailure(failureOf(COUPON_MESSAGES.createFailed, error));
    }
  };

  return (
    <CouponFormDialog
      title="Create New Coupon"
      submitLabel="Create Coupon"
      initialValues={EMPTY_COUPON_FORM}
      busy={isLoading}
      failure={failure}
      onClearFailure={() => setFailure(null)}
      onSubmit={(values) => void create(values)}
      onClose={onClose}
    />
  );
}
