import { useState } from 'react';
import { couponFormErrors, type CouponFormErrors, type CouponFormValues } from './couponAdmin';
import type { Failure } from '../../components/forms/FailureAlert';
import { FormDialog } from '../../components/forms/FormDialog';
import { CouponFormFields } from './CouponFormFields';

interface CouponFormDialogProps {
  title: string;
  submitLabel: string;
  initialValues: CouponFormValues;
  withActive?: boolean;
  busy: boolean;
  failure: Failure | null;
  onClearFailure: () => void;
  /** Called with valid values only. */
  onSubmit: (values: CouponFormValues) => void;
  onClose: () => void;
}

/** The create and edit dialogs share this form; it is mounted while open, so it starts fresh each time. */
export function CouponFormDialog(props: CouponFormDialogProps) {
  const { title, submitLabel, initialValues, withActive, busy, failure, onClearFailure, onSubmit, onClose } = props;
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<CouponFormErrors>({});

  const submit = () => {
    const found = couponFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      busy={busy}
      failure={failure}
      onClearFailure={onClearFailure}
      onSubmit={submit}
      onClose={onClose}
    >
      <CouponFormFields
        values={values}
        errors={errors}
        onChange={(changes) => setValues((previous) => ({ ...previous, ...changes }))}
        withActive={withActive}
      />
    </FormDialog>
  );
}
