import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/forms/FormDialog';
import { useFormMutation } from '../../components/forms/useFormMutation';
import { useAdjustTeamCreditsMutation } from '../../store/api';
import { formatCents } from '../../../contract/money';
import { checkAdjustment, type AdjustmentDirection } from './adjustment';

export const ADJUSTMENT_FAILED = 'Failed to adjust credits';

interface AdjustCreditsDialogProps {
  team: { id: string; name: string; balance_cents: number };
  onClose: () => void;
}

/**
 * A manual credit adjustment (docs/governance.md#manual-adjustments): credit or debit, an amount in dollars and a
 * required reason; the balance it would leave is shown before it is confirmed.
 */
export function AdjustCreditsDialog({ team, onClose }: AdjustCreditsDialogProps) {
  const [direction, setDirection] = useState<AdjustmentDirection>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [adjust, { isLoading }] = useAdjustTeamCreditsMutation();
  const { run, failure, clearFailure } = useFormMutation(onClose);
  const check = checkAdjustment(direction, amount, reason, team.balance_cents);

  const submit = () => {
    if (check.amountCents === null) return;
    const amountCents = check.amountCents;
    void run(() => adjust({ teamId: team.id, amount_cents: amountCents, reason: reason.trim() }).unwrap(), {
      succeeded: `Credits of ${team.name} adjusted by ${formatCents(amountCents)}`,
      failed: ADJUSTMENT_FAILED,
    });
  };

  return (
    <FormDialog
      title={`Adjust credits of ${team.name}`}
      submitLabel={direction === 'credit' ? 'Confirm credit' : 'Confirm debit'}
      busy={isLoading}
      submitDisabled={check.amountCents === null}
      failure={failure}
      onClearFailure={clearFailure}
      onSubmit={submit}
      onClose={onClose}
    >
      <RadioGroup
        row
        aria-label="Adjustment"
        value={direction}
        onChange={(event) => setDirection(event.target.value as AdjustmentDirection)}
      >
        <FormControlLabel value="credit" control={<Radio />} label="Credit (add)" />
        <FormControlLabel value="debit" control={<Radio />} label="Debit (take away)" />
      </RadioGroup>
      <TextField
        label="Amount (USD)"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={check.amountError !== null}
        helperText={check.amountError ?? ' '}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        required
        autoFocus
      />
      <TextField
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={check.reasonError !== null}
        helperText={check.reasonError ?? 'Shown in the team’s credit history.'}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        required
        multiline
      />
      <Typography role="status">
        Current balance: {formatCents(team.balance_cents)}
        <br />
        Resulting balance: <strong>{check.resultingCents === null ? '-' : formatCents(check.resultingCents)}</strong>
      </Typography>
    </FormDialog>
  );
}
