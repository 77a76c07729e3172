import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useUpdateBudgetMutation } from '../../store/api';
import { errorMessage } from '../../lib/apiError';
import { formatMoney } from '../../../contract/money';

interface UpdateBudgetDialogProps {
  open: boolean;
  onClose: () => void;
  currentLimit: number;
  currentUsage: number;
}

/** 'Update Budget Limit': the value is parsed as a decimal and sent as is (no client validation). */
export function UpdateBudgetDialog({ open, onClose, currentLimit, currentUsage }: UpdateBudgetDialogProps) {
  const [value, setValue] = useState(String(currentLimit));
  const [error, setError] = useState<string | null>(null);
  const [updateBudget, { isLoading }] = useUpdateBudgetMutation();

  const close = () => {
    setValue(String(currentLimit));
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await updateBudget({ budget_limit: parseFloat(value) }).unwrap();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to update budget'));
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="update-budget-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="update-budget-title">Update Budget Limit</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label="Monthly Budget Limit (USD)"
              type="number"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              slotProps={{ htmlInput: { step: 0.01 } }}
              autoFocus
              fullWidth
            />
            <Typography variant="body2">Current usage: {formatMoney(currentUsage)}</Typography>
            <Typography variant="body2" color="text.secondary">
              Setting a budget limit helps prevent unexpected charges.
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Update Budget
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
