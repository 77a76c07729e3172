import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  CREATE_TIER_FAILED,
  EMPTY_PRICING_FORM,
  pricingFormErrors,
  pricingPayload,
  type PricingFormErrors,
  type PricingFormValues,
} from './pricing';
import { useCreatePricingTierMutation } from '../../store/api';
import { FailureAlert } from '../../components/admin/FailureAlert';
import { useAdminMutation } from '../../components/admin/useAdminMutation';
import { PricingTierFormFields } from './PricingTierFormFields';

export const TIER_CREATED = 'Pricing tier created successfully!';

/** Mounted while open, so every opening starts from the defaults. The grid refreshes through the cache tags. */
export function CreatePricingTierDialog({ onClose }: { onClose: () => void }) {
  const [createTier, { isLoading }] = useCreatePricingTierMutation();
  const [values, setValues] = useState<PricingFormValues>(EMPTY_PRICING_FORM);
  const [errors, setErrors] = useState<PricingFormErrors>({});
  const { run, failure, clearFailure } = useAdminMutation(onClose);

  const change = (changes: Partial<PricingFormValues>) => setValues((previous) => ({ ...previous, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = pricingFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(() => createTier(pricingPayload(values)).unwrap(), {
      succeeded: TIER_CREATED,
      failed: CREATE_TIER_FAILED,
    });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="create-tier-title" maxWidth="md" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="create-tier-title">Create Pricing Tier</DialogTitle>
        <DialogContent>
          <FailureAlert failure={failure} onClose={clearFailure} />
          <PricingTierFormFields values={values} errors={errors} onChange={change} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Creating...' : 'Create Tier'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
