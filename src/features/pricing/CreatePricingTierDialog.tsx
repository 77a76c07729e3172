import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  CREATE_TIER_FAILED,
  EMPTY_PRICING_FORM,
  formFromTier,
  pricingFormErrors,
  pricingPayload,
  type PricingFormErrors,
  type PricingFormValues,
} from './pricing';
import { useCreatePricingTierMutation } from '../../store/api';
import { FailureAlert } from '../../components/forms/FailureAlert';
import { useFormMutation } from '../../components/forms/useFormMutation';
import { PricingTierFormFields } from './PricingTierFormFields';
import type { PricingTier } from '../../../contract/schemas/pricing';
import { DialogForm } from '../../components/DialogForm';

export const TIER_CREATED = 'Pricing tier created successfully!';
export const NEW_VERSION_NOTE =
  'Prices are never changed in place: this creates a new tier from this one. Deactivate the old tier first, or give ' +
  'the new one a later effective time, so that their windows do not overlap.';

/** Mounted while open, so every opening starts from the defaults. The grid refreshes through the cache tags. */
export function CreatePricingTierDialog({ onClose, from }: { onClose: () => void; from?: PricingTier }) {
  const [createTier, { isLoading }] = useCreatePricingTierMutation();
  const [values, setValues] = useState<PricingFormValues>(() => (from ? formFromTier(from) : EMPTY_PRICING_FORM));
  const [errors, setErrors] = useState<PricingFormErrors>({});
  const { run, failure, clearFailure } = useFormMutation(onClose);

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
      <DialogForm onSubmit={(event) => void submit(event)}>
        <DialogTitle id="create-tier-title">Create Pricing Tier</DialogTitle>
        <DialogContent>
          {from && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {NEW_VERSION_NOTE}
            </Alert>
          )}
          <FailureAlert failure={failure} onClose={clearFailure} />
          <PricingTierFormFields values={values} errors={errors} onChange={change} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Creating...' : 'Create Tier'}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
