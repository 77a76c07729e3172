import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import type { BillingDetails } from '../../../contract/schemas/billingDetails';
import {
  LEGAL_NAME_MAX,
  TAX_ID_MAX,
  billingDetailsProblems,
  normaliseBillingDetails,
  type BillingDetailsInput,
} from '../../../contract/billingDetails';
import { TextInput } from '../../components/TextInput';
import { errorMessage } from '../../lib/apiError';
import { useUpdateBillingDetailsMutation } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../slices/toastsSlice';

/**
 * The owner's form: the shared rules (contract/billingDetails.ts) say what is wrong under each field once the owner has
 * tried to save; the server checks the same and more (characters an invoice cannot print), shown above the form.
 */
export function BillingDetailsForm({ teamId, details }: { teamId: string; details: BillingDetails }) {
  const [values, setValues] = useState<BillingDetailsInput>({
    legal_name: details.legal_name,
    address: details.address,
    tax_id: details.tax_id,
  });
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [save, { isLoading }] = useUpdateBillingDetailsMutation();
  const dispatch = useAppDispatch();
  const problems = tried ? billingDetailsProblems(normaliseBillingDetails(values)) : {};
  const field = (name: keyof BillingDetailsInput) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
    errorText: problems[name] ?? null,
    fullWidth: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (Object.keys(billingDetailsProblems(normaliseBillingDetails(values))).length > 0) return;
    try {
      await save({ teamId, ...values }).unwrap();
      dispatch(toastShown('Billing details saved', 'success'));
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to save billing details'));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Billing details">
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextInput
            label="Legal name"
            required
            {...field('legal_name')}
            htmlInput={{ maxLength: LEGAL_NAME_MAX, autoComplete: 'organization' }}
          />
          <TextInput
            label="Tax ID (optional)"
            {...field('tax_id')}
            helperText={problems.tax_id ?? 'VAT, GST or EIN number, as it should appear on invoices.'}
            htmlInput={{ maxLength: TAX_ID_MAX }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextInput
            label="Billing address"
            required
            multiline
            minRows={3}
            {...field('address')}
            helperText={problems.address ?? 'One line per line of the address.'}
            htmlInput={{ autoComplete: 'street-address' }}
          />
        </Grid>
      </Grid>
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ mt: 2 }}>
        Save Billing Details
      </Button>
    </form>
  );
}
