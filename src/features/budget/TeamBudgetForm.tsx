import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { errorMessage } from '../../lib/apiError';
import { BUDGET_PROBLEMS, budgetInput } from '../../lib/budgetInput';
import { useUpdateBudgetMutation } from '../../store/api';
import { toastShown } from '../../slices/toastsSlice';
import { useAppDispatch } from '../../store/hooks';
import { TextInput } from '../../components/TextInput';
import { SectionCard } from '../../components/SectionCard';

/**
 * The team page's 'Update Budget' form; Billing's dialog (BudgetLimitDialog.tsx, beside this file) edits the same
 * budget. Owner only. An empty, negative or non-numeric budget is silently ignored (nothing is sent), as the spec has it; one
 * above the maximum says so, as the server would.
 */
export function TeamBudgetForm({ currentLimit }: { currentLimit: number }) {
  const dispatch = useAppDispatch();
  const [updateBudget, { isLoading }] = useUpdateBudgetMutation();
  const [budget, setBudget] = useState(String(currentLimit));
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { dollars, problem } = budgetInput(budget);
    setFailure(problem === 'too_large' ? BUDGET_PROBLEMS.too_large : null);
    if (dollars === null) return;
    try {
      await updateBudget({ budget_limit: dollars }).unwrap();
      dispatch(toastShown('Budget updated', 'success'));
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to update budget'));
    }
  };

  return (
    <SectionCard
      titleId="update-budget-title"
      title="Update Budget"
      titleVariant="h3"
      titleSx={{ mb: 2 }}
      sx={{ mb: 3 }}
    >
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        aria-label="Update Budget"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextInput
          label="Monthly Budget (USD)"
          type="number"
          size="small"
          value={budget}
          onChange={(event) => setBudget(event.target.value)}
          htmlInput={{ min: 0, step: 0.01 }}
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          Update Budget
        </Button>
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
    </SectionCard>
  );
}
