import { COUPON_MESSAGES, couponCreatePayload, EMPTY_COUPON_FORM, type CouponFormValues } from './couponAdmin';
import { useCreateCouponMutation } from '../../store/api';
import { useFormMutation } from '../../components/forms/useFormMutation';
import { CouponFormDialog } from './CouponFormDialog';

export function CreateCouponDialog({ onClose }: { onClose: () => void }) {
  const [createCoupon, { isLoading }] = useCreateCouponMutation();
  const { run, failure, clearFailure } = useFormMutation(onClose);
  const create = (values: CouponFormValues) =>
    run(() => createCoupon(couponCreatePayload(values)).unwrap(), {
      succeeded: COUPON_MESSAGES.created,
      failed: COUPON_MESSAGES.createFailed,
    });

  return (
    <CouponFormDialog
      title="Create New Coupon"
      submitLabel="Create Coupon"
      initialValues={EMPTY_COUPON_FORM}
      busy={isLoading}
      failure={failure}
      onClearFailure={clearFailure}
      onSubmit={(values) => void create(values)}
      onClose={onClose}
    />
  );
}
