import { useState } from 'react';
import Button from '@mui/material/Button';
import { useGetCreditBalanceQuery } from '../../store/api';
import { BuyCreditsDialog, RedeemCouponDialog } from '../billing/lazyDialogs';
import { MountWhenOpened } from '../../components/MountWhenOpened';
import { BuyCreditsIcon, RedeemCouponIcon } from '../billing/BillingActionIcons';

type OpenDialog = 'buy' | 'redeem' | null;

/** The dashboard's 'Buy Credits' and 'Redeem Coupon' buttons and the shared dialogs they open. */
export function BillingActions({ teamId, teamName }: { teamId: string | undefined; teamName: string | undefined }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const balance = useGetCreditBalanceQuery(teamId ?? '', { skip: !teamId });
  const close = () => setDialog(null);
  return (
    <>
      <Button variant="outlined" startIcon={<BuyCreditsIcon />} onClick={() => setDialog('buy')} disabled={!teamId}>
        Buy Credits
      </Button>
      <Button variant="outlined" startIcon={<RedeemCouponIcon />} onClick={() => setDialog('redeem')}>
        Redeem Coupon
      </Button>
      <MountWhenOpened open={dialog === 'buy'}>
        <BuyCreditsDialog
          open={dialog === 'buy'}
          onClose={close}
          teamId={teamId}
          teamName={teamName}
          currentBalance={balance.data?.current_balance}
        />
      </MountWhenOpened>
      <MountWhenOpened open={dialog === 'redeem'}>
        <RedeemCouponDialog
          open={dialog === 'redeem'}
          onClose={close}
          teamId={teamId}
          teamName={teamName}
          noTeam={!teamId}
        />
      </MountWhenOpened>
    </>
  );
}
