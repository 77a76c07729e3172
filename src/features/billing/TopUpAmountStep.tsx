import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../contract/money';
import { newBalancePreview, QUICK_TOP_UP_AMOUNTS, topUpAmountError } from './topUp';

interface TopUpAmountStepProps {
  teamName: string | undefined;
  currentBalance: number | undefined;
  amount: string;
  description: string;
  error: string | null;
  onAmountChange: (amount: string) => void;
  onDescriptionChange: (description: string) => void;
}

/** The first step: how much, for what, and the balance it leads to. */
export function TopUpAmountStep(props: TopUpAmountStepProps) {
  const { teamName, currentBalance, amount, description, error } = props;
  const amountError = topUpAmountError(amount);
  const preview = newBalancePreview(currentBalance, amount);
  return (
    <Stack spacing={2}>
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" sx={{ flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
        <Typography>
          Team: <strong>{teamName ?? '-'}</strong>
        </Typography>
        <Typography>
          Current balance: <strong>{currentBalance === undefined ? 'Loading...' : formatMoney(currentBalance)}</strong>
        </Typography>
      </Stack>
      <Stack direction="row" role="group" aria-label="Quick amounts" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {QUICK_TOP_UP_AMOUNTS.map((quick) => (
          <Button
            key={quick}
            variant={Number(amount) === quick ? 'contained' : 'outlined'}
            onClick={() => props.onAmountChange(String(quick))}
          >
            ${quick}
          </Button>
        ))}
      </Stack>
      <TextField
        label="Amount (USD)"
        type="number"
        value={amount}
        onChange={(event) => props.onAmountChange(event.target.value)}
        error={amountError !== null}
        helperText={amountError ?? ' '}
        slotProps={{ htmlInput: { min: 1, step: 0.01 } }}
        required
        fullWidth
      />
      <TextField
        label="Description (optional)"
        value={description}
        placeholder={`Credit top-up for ${teamName ?? 'your team'}`}
        onChange={(event) => props.onDescriptionChange(event.target.value)}
        fullWidth
      />
      {preview !== null && (
        <Typography>
          New balance: <strong>{formatMoney(preview)}</strong>
        </Typography>
      )}
    </Stack>
  );
}
