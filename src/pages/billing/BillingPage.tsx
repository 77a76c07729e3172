import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { BudgetLimitDialog } from '../../features/billing/lazyDialogs';
import { BillingActions } from '../../features/billing/BillingActions';
import { MountWhenOpened } from '../../components/MountWhenOpened';
import { ManageBudgetIcon } from '../../features/billing/BillingActionIcons';
import { CreditHistory } from '../../features/billing/CreditHistory';
import { PaymentHistory } from '../../features/billing/PaymentHistory';
import { useGetCreditBalanceQuery, useGetTeamDashboardQuery } from '../../store/api';
import { errorMessage } from '../../lib/apiError';
import { isNoTeamError } from '../../lib/noTeam';
import { useTeamless } from '../../features/team/useTeamless';
import { CreateTeamWelcomeCard } from '../../components/CreateTeamWelcome';
import { budgetPercent } from '../../lib/budget';
import { formatMoney } from '../../../contract/money';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../slices/toastsSlice';
import { BILLING_CREDIT_HISTORY_LIMIT } from '../../../contract/firstQueries';
import { BillingStatCards } from '../../features/billing/BillingStatCards';
import { BudgetHealthBanner } from '../../features/billing/BudgetHealthBanner';
import { BudgetUsageCard } from '../../features/billing/BudgetUsageCard';
import { TeamInfoCard } from '../../features/billing/TeamInfoCard';
import { TopModelsCard } from '../../features/billing/TopModelsCard';
import { BillingDetailsCard } from '../../features/billing/BillingDetailsCard';
import { DownloadStatementButton } from '../../features/billing/DownloadStatementButton';
import { RouteHeader } from '../../components/RouteHeader';
import { InTurn } from '../../components/AfterFirstPaint';

export function BillingPage() {
  const teamless = useTeamless();
  const dashboard = useGetTeamDashboardQuery(undefined, { skip: teamless });
  const noTeam = teamless || isNoTeamError(dashboard.error);
  const team = dashboard.data?.team;
  const balance = useGetCreditBalanceQuery(team?.id ?? '', { skip: !team });
  const [budgetOpen, setBudgetOpen] = useState(false);
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
      <BillingActions
        teamId={team?.id}
        teamName={team?.name}
        noTeam={noTeam}
        buyVariant="contained"
        onRedeemed={couponRedeemed}
      />
      <DownloadStatementButton teamId={team?.id} />
      {dashboard.data?.is_owner && (
        <Button variant="outlined" startIcon={<ManageBudgetIcon />} onClick={() => setBudgetOpen(true)}>
          Manage Budget
        </Button>
      )}
    </>
  );

  const percent = team ? budgetPercent(team.current_usage, team.budget_limit) : 0;
  return (
    <>
      <RouteHeader path="/billing" actions={actions} />
      {dashboard.isLoading && <PageLoader label="Loading billing" />}
      {noTeam && <CreateTeamWelcomeCard />}
      {dashboard.isError && !noTeam && (
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
              <InTurn>
                <BudgetUsageCard used={team.current_usage} limit={team.budget_limit} percent={percent} />
              </InTurn>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <InTurn>
                <TopModelsCard models={dashboard.data.current_month_stats.top_models} />
              </InTurn>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <InTurn>
                <TeamInfoCard
                  name={team.name}
                  memberCount={team.member_count}
                  modelsUsed={dashboard.data.current_month_stats.unique_models_used}
                />
              </InTurn>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <InTurn>
                <CreditHistory teamId={team.id} limit={BILLING_CREDIT_HISTORY_LIMIT} />
              </InTurn>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <InTurn>
                <PaymentHistory teamId={team.id} teamName={team.name} />
              </InTurn>
            </Grid>
            <Grid size={12}>
              <InTurn>
                <BillingDetailsCard teamId={team.id} teamName={team.name} isOwner={dashboard.data.is_owner} />
              </InTurn>
            </Grid>
          </Grid>
          {dashboard.data.is_owner && budgetOpen && (
            <MountWhenOpened open>
              <BudgetLimitDialog
                open
                onClose={() => setBudgetOpen(false)}
                currentLimit={team.budget_limit}
                currentUsage={team.current_usage}
              />
            </MountWhenOpened>
          )}
        </>
      )}
    </>
  );
}
