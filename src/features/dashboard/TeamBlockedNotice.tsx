import { teamBlock } from '../../lib/dashboard';
import { useGetCreditBalanceQuery, useGetTeamDashboardQuery } from '../../store/api';
import { useTeamless } from '../team/useTeamless';
import { DashboardNotice } from './DashboardNotice';

/**
 * Every member is told on the dashboard when the gateway refuses all of the team's calls: the credit used up, or the
 * monthly budget reached (with the reset), and where to deal with it. A capped member's own notice is CapReachedNotice.
 */
export function TeamBlockedNotice() {
  const teamless = useTeamless();
  const { data } = useGetTeamDashboardQuery(undefined, { skip: teamless });
  const teamId = data?.team.id;
  const balance = useGetCreditBalanceQuery(teamId ?? '', { skip: !teamId });
  if (!data) return null;
  const block = teamBlock(data.team, balance.data?.current_balance, data.is_owner, new Date());
  if (!block) return null;
  return (
    <DashboardNotice severity="error" title={block.title} to={block.to} linkLabel={block.linkLabel}>
      {block.text}
    </DashboardNotice>
  );
}
