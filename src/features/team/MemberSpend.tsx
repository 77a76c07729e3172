import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SpendBar } from '../../components/SpendBar';
import { spendOfLimit } from '../../lib/budget';
import { formatCents } from '../../../contract/money';
import type { TeamMember } from '../../../contract/schemas/teams';
import { memberName, NO_CAP } from './team';

/**
 * A member's spend this UTC month against the owner's cap ('$x of $y' with a bar, or 'No cap' with the spend); the
 * owner also gets 'Edit cap'. Nothing from a server too old to have caps (it sends no spend).
 */
export function MemberSpend({ member, onEditCap }: { member: TeamMember; onEditCap?: (member: TeamMember) => void }) {
  const cap = member.monthly_cap_cents ?? null;
  const monthSpend = member.month_spend_cents;
  if (monthSpend === undefined) return null;
  const spend = cap === null ? null : spendOfLimit(monthSpend, cap);
  const name = memberName(member);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
      <Box sx={{ width: 220, maxWidth: '100%' }}>
        <SpendBar
          spend={spend}
          emptyText={`${NO_CAP} · ${formatCents(monthSpend)} this month`}
          caption={spend && (spend.reached ? 'Cap reached this month' : 'This month')}
          label={`${name} spend this month against the cap`}
        />
      </Box>
      {onEditCap && (
        <Button size="small" onClick={() => onEditCap(member)} aria-label={`Edit cap for ${name}`}>
          Edit cap
        </Button>
      )}
    </Box>
  );
}
