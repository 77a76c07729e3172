import { useMemo, useState } from 'react';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useGetProviderHealthQuery } from '../../../store/api';
import type { HealthWindow } from '../../../../contract/schemas/routing';
import { RoutingSection } from './RoutingSection';

export const NO_TRAFFIC = 'No requests in this window.';

/** How each deployment, and each model called directly, answered over the last hour or day. */
export function HealthSection() {
  const [period, setPeriod] = useState<HealthWindow>('hour');
  const { data, isFetching, isError, refetch } = useGetProviderHealthQuery(period);
  const rows = useMemo(
    () =>
      (data?.deployments ?? []).map((row) => ({
        ...row,
        id: row.deployment_id ?? `direct:${row.provider}/${row.model}`,
      })),
    [data],
  );

  return (
    <RoutingSection
      title="Provider health"
      subtitle="Requests, errors and latency per deployment, from every team's usage"
      actions={
        <ToggleButtonGroup
          exclusive
          size="small"
          value={period}
          onChange={(_event, next: HealthWindow | null) => next && setPeriod(next)}
          aria-label="Health window"
        >
          <ToggleButton value="hour">Hour</ToggleButton>
          <ToggleButton value="day">Day</ToggleButton>
        </ToggleButtonGroup>
      }
      loadError={isError ? 'Failed to load provider health.' : null}
      onRetry={() => void refetch()}
      grid={{ table: 'health', rows, loading: isFetching, noRowsLabel: NO_TRAFFIC }}
    />
  );
}
