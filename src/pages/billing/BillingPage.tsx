import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { BuyCreditsDialog, RedeemCouponDialog, UpdateBudgetDialog } from '../../components/billing/lazyDialogs';
import { MountWhenOpened } from '../../components/MountWhenOpened';
import {
  BuyCreditsIcon,
  DownloadInvoiceIcon,
  ManageBudgetIcon,
  RedeemCouponIcon,
} from '../../components/billing/BillingActionIcons';
import { CreditHistory } from '../../components/billing/CreditHistory';
import { PaymentHistory } from '../../components/billing/PaymentHistory';
import { useGetCreditBalanceQuery, useGetTeamDashboardQuery } from '../../store/api';
import { errorMessage } from '../../lib/apiError';
import { isNoTeamError } from '../../lib/noTeam';
import { CreateTeamWelcomeCard } from '../../components/CreateTeamWelcome';
import { budgetPercent } from '../../lib/budget';
import { formatMoney } from '../../../contract/money';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../slices/toastsSlice';
import { BILLING_CREDIT_HISTORY_LIMIT } from '../../lib/firstQueries';
import { BillingStatCards } from './BillingStatCards';
import { BudgetHealthBanner } from './BudgetHealthBanner';
import { BudgetUsageCard } from './BudgetUsageCard';
import { TeamInfoCard } from './TeamInfoCard';
import { TopModelsCard } from './TopModelsCard';
import { useStatementDownload } from './useStatementDownload';

type OpenDialog = 'buy' | 'redeem' | 'budget' | null;

export function BillingPage() {
  const dashboard = useGetTeamDashboardQuery();
  const team = dashboard.data?.team;
  const balance = useGetCreditBalanceQuery(team?.id ?? '', { skip: !team });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const downloadStatement = useStatementDownload(team?.id, team?.name);
  const close = () => setDialog(null);
  const dispatch = useAppDispatch();
  const couponRedeemed = (amount: number) => {
    dispatch(toastShown(`Coupon redeemed: ${formatMoney(amount)} added to your credit balance`, 'success'));
    // The redemption refreshed the balance and credit history (tag graph); the rest of the page reloads with them.
    void dashboard.refetch();
  };
  // A credit balance failure is only logged (docs/rules.md#failed-loads).
  useEffect(() => {
    if (balance.error) console.error('Failed to load the credit balance', balance.error);
  }, [balance.error]);

  const actions = (
    <>
      <Button variant="contained" startIcon={<BuyCreditsIcon />} onClick={() => setDialog('buy')} disabled={!team}>
        Buy Credits
      </Button>
      <Button variant="outlined" startIcon={<RedeemCouponIcon />} onClick={() => setDialog('redeem')}>
        Redeem Coupon
      </Button>
      <Button variant="outlined" startIcon={<DownloadInvoiceIcon />} onClick={downloadStatement} disabled={!team}>
        Download Invoice
      </Button>
      {dashboard.data?.is_owner && (
        <Button variant="outlined" startIcon={<ManageBudgetIcon />} onClick={() => setDialog('budget')}>
          Manage Budget
        </Button>
      )}
    </>
  );

  const percent = team ? budgetPercent(team.current_usage, team.budget_limit) : 0;
  return (
    <>
      <PageHeader title="Billing & Usage" subtitle="Manage your team's budget and monitor spending" actions={actions} />
      {dashboard.isLoading && <PageLoader label="Loading billing" />}
      {isNoTeamError(dashboard.error) && <CreateTeamWelcomeCard />}
      {dashboard.isError && !isNoTeamError(dashboard.error) && (
        <ErrorState message={errorMessage(dashboard.error, 'An error occurred')} onRetry={() => dashboard.refetch()} />
      )}
      {dashboard.data && team && (
        <>
          <BudgetHealthBanner percent={percent} />
          <BillingStatCards
            dashboard={dashboard.data}
            balance={balance.data?.current_balance}
            balanceFailed={balance.isError}
            today={new Date()}
          />
          {/* The summary cards come before the histories: they arrive with the dashboard, while the histories load
              afterwards and grow, which would push anything under them down the page (layout shift). */}
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 4 }}>
              <BudgetUsageCard used={team.current_usage} limit={team.budget_limit} percent={percent} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TopModelsCard models={dashboard.data.current_month_stats.top_models} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TeamInfoCard
                name={team.name}
                memberCount={team.member_count}
                modelsUsed={dashboard.data.current_month_stats.unique_models_used}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <CreditHistory teamId={team.id} limit={BILLING_CREDIT_HISTORY_LIMIT} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <PaymentHistory teamId={team.id} />
            </Grid>
          </Grid>
          <MountWhenOpened open={dialog === 'buy'}>
            <BuyCreditsDialog
              open={dialog === 'buy'}
              onClose={close}
              teamId={team.id}
              teamName={team.name}
              currentBalance={balance.data?.current_balance}
            />
          </MountWhenOpened>
          {dashboard.data.is_owner && dialog === 'budget' && (
            <MountWhenOpened open>
              <UpdateBudgetDialog
                open
                onClose={close}
                currentLimit={team.budget_limit}
                currentUsage={team.current_usage}
              />
            </MountWhenOpened>
          )}
        </>
      )}
      <MountWhenOpened open={dialog === 'redeem'}>
        <RedeemCouponDialog
          open={dialog === 'redeem'}
          onClose={close}
          teamId={team?.id}
          teamName={team?.name}
          noTeam={isNoTeamError(dashboard.error)}
          onRedeemed={couponRedeemed}
        />
      </MountWhenOpened>
    </>
  );
}
