import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCents } from '../../../contract/money';
import type { TeamMember } from '../../../contract/schemas/teams';
import { FormDialog } from '../../components/forms/FormDialog';
import { useFormMutation } from '../../components/forms/useFormMutation';
import { useSetMemberCapMutation } from '../../store/api';
import { capInputValue, parseCap } from './memberCap';
import { memberName } from './team';

/** The owner sets a member's monthly cap in dollars; empty lifts it (docs/governance.md#member-caps). */
export default function MemberCapDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const [cap, setCap] = useState(capInputValue(member.monthly_cap_cents ?? null));
  const [error, setError] = useState<string | null>(null);
  const [setMemberCap, { isLoading }] = useSetMemberCapMutation();
  const { run, failure, clearFailure } = useFormMutation(onClose);
  const name = memberName(member);

  const save = () => {
    const parsed = parseCap(cap);
    setError('error' in parsed ? parsed.error : null);
    if ('error' in parsed) return;
    void run(() => setMemberCap({ userId: member.id, monthly_cap_cents: parsed.cents }).unwrap(), {
      succeeded: parsed.cents === null ? `Cap lifted for ${name}` : `Monthly cap set for ${name}`,
      failed: 'Failed to set the monthly cap',
    });
  };

  return (
    <FormDialog
      title={`Monthly cap for ${name}`}
      submitLabel="Save Cap"
      busy={isLoading}
      failure={failure}
      onClearFailure={clearFailure}
      onSubmit={save}
      onClose={onClose}
    >
      <Typography variant="body2" color="textSecondary">
        {`The most ${name}'s keys may spend together in a UTC calendar month. Spent this month: ${formatCents(member.month_spend_cents)}.`}
      </Typography>
      <TextField
        label="Monthly cap (USD)"
        type="number"
        value={cap}
        onChange={(event) => setCap(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'Empty for no cap.'}
        autoFocus
        fullWidth
        slotProps={{
          htmlInput: { min: 0, step: 0.01 },
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        }}
      />
    </FormDialog>
  );
}
