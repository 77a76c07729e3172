import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { couponFormErrors, type CouponFormErrors, type CouponFormValues } from './couponAdmin';
import { FailureAlert, type Failure } from '../../components/admin/FailureAlert';
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
  const titleId = `${title.toLowerCase().replace(/\s+/g, '-')}-title`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = couponFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <FailureAlert failure={failure} onClose={onClearFailure} />
          <CouponFormFields
            values={values}
            errors={errors}
            onChange={(changes) => setValues((previous) => ({ ...previous, ...changes }))}
            withActive={withActive}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
