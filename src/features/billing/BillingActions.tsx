import { useState } from 'react';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useGetCreditBalanceQuery } from '../../store/api';
import { BuyCreditsDialog, RedeemCouponDialog } from './lazyDialogs';
import { MountWhenOpened } from '../../components/MountWhenOpened';
import { BuyCreditsIcon, RedeemCouponIcon } from './BillingActionIcons';
import { useTeamless } from '../team/useTeamless';

type OpenDialog = 'buy' | 'redeem' | null;

interface BillingActionsProps {
  teamId: string | undefined;
  teamName: string | undefined;
  /** The person has no team, so the redeem dialog explains why it cannot redeem; by default, no team id. */
  noTeam?: boolean;
  /** The billing page leads with buying; the dashboard's shortcuts are all outlined. */
  buyVariant?: 'contained' | 'outlined';
  onRedeemed?: (amount: number) => void;
  /** Styles for both buttons, e.g. the dashboard's left-aligned shortcut list. */
  buttonSx?: SxProps<Theme>;
}

/**
 * The 'Buy Credits' and 'Redeem Coupon' buttons (dashboard and billing) and the shared dialogs they open; none for a
 * user without a team.
 */
export function BillingActions({
  teamId,
  teamName,
  noTeam = !teamId,
  buyVariant = 'outlined',
  onRedeemed,
  buttonSx,
}: BillingActionsProps) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const teamless = useTeamless();
  const balance = useGetCreditBalanceQuery(teamId ?? '', { skip: !teamId });
  const forTeam = { onClose: () => setDialog(null), teamId, teamName };
  // Credits and coupons belong to a team: a user without one is steered to set one up instead (the page says so).
  if (teamless) return null;
  return (
    <>
      <Button
        variant={buyVariant}
        startIcon={<BuyCreditsIcon />}
        onClick={() => setDialog('buy')}
        disabled={!teamId}
        sx={buttonSx}
      >
        Buy Credits
      </Button>
      <Button variant="outlined" startIcon={<RedeemCouponIcon />} onClick={() => setDialog('redeem')} sx={buttonSx}>
        Redeem Coupon
      </Button>
      <MountWhenOpened open={dialog === 'buy'}>
        <BuyCreditsDialog open={dialog === 'buy'} {...forTeam} currentBalance={balance.data?.current_balance} />
      </MountWhenOpened>
      <MountWhenOpened open={dialog === 'redeem'}>
        <RedeemCouponDialog open={dialog === 'redeem'} {...forTeam} noTeam={noTeam} onRedeemed={onRedeemed} />
      </MountWhenOpened>
    </>
  );
}
