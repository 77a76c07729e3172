import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BudgetBar } from '../../components/BudgetBar';
import { budgetPercent } from '../../lib/budget';
import { formatMoney } from '../../../contract/money';
import { formatDate } from '../../lib/time';
import type { Team } from '../../../contract/schemas/teams';

/** Name, created date, usage over budget and (only with a budget) the bar. */
export function TeamOverview({ team }: { team: Team }) {
  return (
    <Card component="section" aria-labelledby="team-name" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="team-name" variant="h2" component="h2">
          {team.name}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5 }}>
          {`Created ${formatDate(team.created_at)}`}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
          Usage this month
        </Typography>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>
          {`${formatMoney(team.current_usage)} / ${formatMoney(team.budget_limit)}`}
        </Typography>
        {team.budget_limit > 0 && <BudgetBar percent={budgetPercent(team.current_usage, team.budget_limit)} />}
      </CardContent>
    </Card>
  );
}
