import { useEffect, type ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import ModelTrainingOutlined from '@mui/icons-material/ModelTrainingOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import TrendingUp from '@mui/icons-material/TrendingUp';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { StatCard } from '../../components/StatCard';
import { errorMessage } from '../../lib/apiError';
import { useGetDashboardStatsQuery } from '../../store/api';
import type { DashboardStats } from '../../../contract/schemas/teams';
import { ChangeText } from './ChangeText';
import { formatCount } from '../../lib/numbers';

const NO_VALUE = '—';

interface CardSpec {
  title: string;
  icon: ReactNode;
  value: (stats: DashboardStats) => string;
  change: (stats: DashboardStats) => string;
  /** A falling response time is an improvement, so its '-' is shown green. */
  lowerIsBetter?: boolean;
}

const CARDS: CardSpec[] = [
  {
    title: 'Total API Keys',
    icon: <VpnKeyOutlined />,
    value: (stats) => formatCount(stats.total_api_keys),
    change: (stats) => stats.api_keys_change,
  },
  {
    title: 'Requests Today',
    icon: <TrendingUp />,
    value: (stats) => formatCount(stats.requests_today),
    change: (stats) => stats.requests_change,
  },
  {
    title: 'Avg Response Time',
    icon: <SpeedOutlined />,
    value: (stats) => `${formatCount(stats.avg_response_time)}ms`,
    change: (stats) => stats.response_time_change,
    lowerIsBetter: true,
  },
  {
    title: 'Active Models',
    icon: <ModelTrainingOutlined />,
    value: (stats) => formatCount(stats.active_models),
    change: (stats) => stats.models_change,
  },
];

/** The four usage cards. A stats failure is only logged (docs/rules.md#failed-loads); the cards then show '—'. */
export function UsageStatCards() {
  const { data: stats, error, isLoading } = useGetDashboardStatsQuery();

  useEffect(() => {
    if (error) console.error('Failed to load dashboard stats:', errorMessage(error, 'Unknown error'));
  }, [error]);

  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {CARDS.map((card) => (
        <Grid key={card.title} size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard
            title={card.title}
            icon={card.icon}
            value={isLoading ? <Skeleton width={80} /> : stats ? card.value(stats) : NO_VALUE}
            caption={
              // The placeholder holds the caption's line, so the cards do not grow (and push the page) on arrival.
              isLoading ? (
                <Skeleton width={120} />
              ) : (
                stats && <ChangeText change={card.change(stats)} lowerIsBetter={card.lowerIsBetter} />
              )
            }
          />
        </Grid>
      ))}
    </Grid>
  );
}
