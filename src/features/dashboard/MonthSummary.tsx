import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { PageLoader } from '../../components/PageLoader';
import { CreateTeamWelcome } from '../../components/CreateTeamWelcome';
import { DASHBOARD_TOP_MODELS } from '../../lib/dashboard';
import { errorMessage } from '../../lib/apiError';
import { formatCents, formatMoney } from '../../../contract/money';
import { isNoTeamError } from '../../lib/noTeam';
import { useTeamless } from '../team/useTeamless';
import { useGetTeamDashboardQuery } from '../../store/api';
import type { TeamDashboard } from '../../../contract/schemas/teams';
import { formatCount } from '../../lib/numbers';
import { SectionCard } from '../../components/SectionCard';
import { CLEAR_TEAM_CACHE, useClearCache } from '../cache/useClearCache';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="h3" component="p">
        {value}
      </Typography>
      {detail ? (
        <Typography variant="caption" color="textSecondary">
          {detail}
        </Typography>
      ) : null}
    </Box>
  );
}

/** What the response cache saved this month; the owner may clear the team's cached answers from here. */
function CacheSavings({ hits, savedCents, isOwner }: { hits: number; savedCents: number; isOwner: boolean }) {
  const { clearTeam, clearing, confirmDialog } = useClearCache();
  return (
    <Box>
      <Figure
        label="Saved by Cache"
        value={formatCents(savedCents)}
        detail={`${formatCount(hits)} cached ${hits === 1 ? 'answer' : 'answers'}`}
      />
      {isOwner && (
        <Button size="small" sx={{ ml: -0.5, mt: 0.5 }} disabled={clearing} onClick={() => void clearTeam()}>
          {CLEAR_TEAM_CACHE}
        </Button>
      )}
      {confirmDialog}
    </Box>
  );
}

function Summary({ stats, isOwner }: { stats: TeamDashboard['current_month_stats']; isOwner: boolean }) {
  const topModels = stats.top_models.slice(0, DASHBOARD_TOP_MODELS);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 2 }}>
        <Figure label="Total Cost" value={formatMoney(stats.total_cost)} />
        <Figure label="Total Requests" value={formatCount(stats.total_requests)} />
        <Figure label="Models Used" value={formatCount(stats.unique_models_used)} />
        {/* Only once the cache has answered something this month (an older server sends neither field). */}
        {stats.cache_hits ? (
          <CacheSavings hits={stats.cache_hits} savedCents={stats.cache_saved_cents ?? 0} isOwner={isOwner} />
        ) : null}
      </Box>
      <Typography variant="subtitle2" component="h3" id="top-models-title">
        Top Models
      </Typography>
      {topModels.length === 0 ? (
        <Typography color="textSecondary">No model usage this month yet.</Typography>
      ) : (
        <List dense aria-labelledby="top-models-title" disablePadding>
          {topModels.map((model) => (
            <ListItem key={model.name} disableGutters secondaryAction={formatMoney(model.total_cost)}>
              <ListItemText
                primary={model.name}
                secondary={`${formatCount(model.request_count)} requests`}
                sx={{ pr: 8, wordBreak: 'break-word' }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}

/** This month's usage of the team (GET /v1/teams/dashboard) with its top models. */
export function MonthSummary() {
  const teamless = useTeamless();
  const { data, error, isLoading } = useGetTeamDashboardQuery(undefined, { skip: teamless });
  return (
    <SectionCard titleId="month-summary-title" title="This Month">
      {isLoading ? (
        <PageLoader label="Loading usage summary" />
      ) : teamless || isNoTeamError(error) ? (
        <CreateTeamWelcome />
      ) : error ? (
        <Alert severity="error">Failed to load usage summary: {errorMessage(error, 'Unknown error')}</Alert>
      ) : data ? (
        <Summary stats={data.current_month_stats} isOwner={data.is_owner} />
      ) : null}
    </SectionCard>
  );
}
