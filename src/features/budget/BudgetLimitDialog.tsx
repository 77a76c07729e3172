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
import { BUDGET_PROBLEMS, budgetInput, budgetRefusalWarning, budgetRefusesCalls } from '../../lib/budgetInput';
import { useConfirm } from '../../components/ConfirmDialog';
import { formatMoney } from '../../../contract/money';
import { DialogForm } from '../../components/DialogForm';

interface BudgetLimitDialogProps {
  open: boolean;
  onClose: () => void;
  currentLimit: number;
  currentUsage: number;
}

export const LOWER_BUDGET_TITLE = "Lower the budget below this month's spend?";

/**
 * Billing's 'Update Budget Limit' dialog (the spec's budget modal). The team page edits the same budget with its own
 * form (TeamBudgetForm.tsx, beside this file), whose rules the spec makes different; both read the value the same way
 * (src/lib/budgetInput.ts).
 *
 * The value is read as every budget form reads it (budgetInput) and what the server would
 * refuse is said under the field; a budget at or under this month's spend, which refuses the team's calls until next
 * month, asks first.
 */
export function BudgetLimitDialog({ open, onClose, currentLimit, currentUsage }: BudgetLimitDialogProps) {
  const [value, setValue] = useState(String(currentLimit));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [updateBudget, { isLoading }] = useUpdateBudgetMutation();
  const { confirm, dialog } = useConfirm();

  const close = () => {
    setValue(String(currentLimit));
    setFieldError(null);
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const { dollars, problem } = budgetInput(value);
    setFieldError(problem && BUDGET_PROBLEMS[problem]);
    if (dollars === null) return;
    if (
      budgetRefusesCalls(dollars, currentUsage) &&
      !(await confirm({
        title: LOWER_BUDGET_TITLE,
        message: budgetRefusalWarning(dollars, currentUsage, new Date()),
        confirmLabel: 'Lower budget',
      }))
    ) {
      return;
    }
    try {
      await updateBudget({ budget_limit: dollars }).unwrap();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to update budget'));
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="update-budget-title" fullWidth maxWidth="xs">
      <DialogForm onSubmit={submit}>
        <DialogTitle id="update-budget-title">Update Budget Limit</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label="Monthly Budget Limit (USD)"
              type="number"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setFieldError(null);
              }}
              error={fieldError !== null}
              helperText={fieldError}
              slotProps={{ htmlInput: { step: 0.01, min: 0 } }}
              autoFocus
              fullWidth
            />
            <Typography variant="body2">Current usage: {formatMoney(currentUsage)}</Typography>
            <Typography variant="body2" color="textSecondary">
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
      </DialogForm>
      {dialog}
    </Dialog>
  );
}
