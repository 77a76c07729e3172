import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import { PageHeader } from '../../components/PageHeader';
import { greeting, greetingName } from '../../lib/dashboard';
import { useGetMeQuery, useGetTeamQuery } from '../../store/api';
import { GettingStarted } from '../../features/dashboard/GettingStarted';
import { MonthSummary } from '../../features/dashboard/MonthSummary';
import { QuickActions } from '../../features/dashboard/QuickActions';
import { RecentActivity } from '../../features/dashboard/RecentActivity';
import { TeamSetupNotice } from '../../features/dashboard/TeamSetupNotice';
import { CapReachedNotice } from '../../features/dashboard/CapReachedNotice';
import { TeamBlockedNotice } from '../../features/dashboard/TeamBlockedNotice';
import { UsageStatCards } from '../../features/dashboard/UsageStatCards';
import { useTeamless } from '../../features/team/useTeamless';

export function DashboardPage() {
  const { data: me } = useGetMeQuery();
  const teamless = useTeamless();
  const { data: team, isError, isLoading: teamLoading } = useGetTeamQuery(undefined, { skip: teamless });
  const teamFailed = teamless || isError;
  const name = greetingName(me);

  return (
    <>
      <PageHeader
        title={greeting(name, !teamless)}
        subtitle={team ? `Here is what is happening in ${team.name}.` : 'Here is what is happening with your gateway.'}
        actions={
          team ? (
            <Button component={RouterLink} to="/api-keys/create" variant="contained" startIcon={<Add />}>
              Create API Key
            </Button>
          ) : teamFailed ? (
            <Button component={RouterLink} to="/team" variant="contained" startIcon={<GroupAddOutlined />}>
              Set Up Team
            </Button>
          ) : (
            // Holds the button's place while the team loads: on a phone the header wraps, and a button appearing
            // later would push the whole page down (layout shift).
            teamLoading && <Skeleton variant="rounded" width={150} height={36.5} />
          )
        }
      />
      {teamFailed && <TeamSetupNotice />}
      <TeamBlockedNotice />
      <CapReachedNotice />
      <UsageStatCards />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={3}>
            <MonthSummary />
            <RecentActivity />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={3}>
            <QuickActions team={team} />
            <GettingStarted />
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}
