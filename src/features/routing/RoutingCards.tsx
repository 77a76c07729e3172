import { useMemo, type ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import { CardActions, CardFacts, CardHeading, CardList, CardTitle, type CardAction } from '../../components/CardList';
import { formatDateTime } from '../../lib/time';
import { snakeCaseWords } from '../../lib/words';
import type { RoutingGridProps } from './RoutingGrids';
import type { RowActions } from './routingColumns';
import {
  HEALTH_COLORS,
  ROUTING_TABLE_LABELS,
  breakerText,
  credentialLabel,
  deploymentsSummary,
  formatRate,
  healthLabel,
  healthStatus,
  percentilePair,
  policySummary,
  costsOursTheirs,
  oursTheirs,
  reconcileState,
} from './routing';
import { ReconciliationVerdict } from './ReconciliationVerdict';

// The routing page's tables on a phone: each row as a card with the grid's columns in the grid's order (the same
// value helpers from routing.ts), and the row actions spelled out. A phone never downloads MUI X (CardList).

function actionsOf<Row>(row: Row, actions: RowActions<Row>, deleteLabel: string): CardAction[] {
  return [
    ...(actions.onShowDeployments
      ? [{ label: 'Show deployments', onClick: () => actions.onShowDeployments?.(row) }]
      : []),
    ...(actions.onEdit ? [{ label: 'Edit', onClick: () => actions.onEdit?.(row) }] : []),
    { label: deleteLabel, onClick: () => actions.onDelete(row), destructive: true },
  ];
}

const EnabledChip = ({ enabled }: { enabled: boolean }) => (
  <Chip
    size="small"
    variant="outlined"
    label={enabled ? 'Enabled' : 'Disabled'}
    color={enabled ? 'success' : 'default'}
  />
);

const Title = ({ text }: { text: string }) => <CardHeading>{text}</CardHeading>;

function renderCard(props: RoutingGridProps) {
  switch (props.table) {
    case 'routes':
      return (item: (typeof props.rows)[number]) => (
        <>
          <CardTitle end={<EnabledChip enabled={item.enabled} />}>
            <Title text={item.name} />
          </CardTitle>
          <CardFacts
            facts={[
              ['Deployments', deploymentsSummary(item.deployments)],
              ['Policy', policySummary(item)],
            ]}
          />
          <CardActions actions={actionsOf(item, props.actions, 'Delete route')} />
        </>
      );
    case 'deployments':
      return (item: (typeof props.rows)[number]) => {
        const status = healthStatus(props.health.get(item.id));
        return (
          <>
            <CardTitle end={<EnabledChip enabled={item.enabled} />}>
              <Title text={`${item.provider}/${item.model}`} />
            </CardTitle>
            <CardFacts
              facts={[
                ['Rank', item.rank],
                ['Weight', item.weight],
                ['Credential', credentialLabel(item)],
                ['Health (hour)', <Chip key="health" size="small" label={status} color={HEALTH_COLORS[status]} />],
              ]}
            />
            <CardActions actions={actionsOf(item, props.actions, 'Remove deployment')} />
          </>
        );
      };
    case 'credentials':
      return (item: (typeof props.rows)[number]) => (
        <>
          <CardTitle>
            <Title text={item.name} />
          </CardTitle>
          <CardFacts
            facts={[
              ['Provider', item.provider],
              ['Key', item.secret_hint],
              ['Base URL', item.base_url ?? 'Provider default'],
              ['Used by', item.used_by],
              ['Reconciliation', reconcileState(item)],
              ['Created', formatDateTime(item.created_at)],
            ]}
          />
          <CardActions actions={actionsOf(item, props.actions, 'Delete credential')} />
        </>
      );
    case 'health':
      return (item: (typeof props.rows)[number]) => (
        <>
          <CardTitle>
            <Title text={healthLabel(item)} />
          </CardTitle>
          <CardFacts
            facts={[
              ['Requests', item.requests],
              ['Errors', formatRate(item.error_rate)],
              ['Latency p50 / p95', percentilePair(item.p50_latency_ms, item.p95_latency_ms)],
              ['TTFT p50 / p95', percentilePair(item.p50_ttft_ms, item.p95_ttft_ms)],
              ['Breaker', breakerText(item.cooling_until)],
              ['Last error', item.last_error_code ? snakeCaseWords(item.last_error_code) : '—'],
            ]}
          />
        </>
      );
    case 'reconciliation':
      return (item: (typeof props.rows)[number]) => (
        <>
          <CardTitle end={<ReconciliationVerdict row={item} />}>
            <Title text={`${item.day} · ${item.model}`} />
          </CardTitle>
          <CardFacts
            facts={[
              ['Credential', item.credential],
              ['Input ours / theirs', oursTheirs(item.ours.input_tokens, item.theirs.input_tokens)],
              ['Output ours / theirs', oursTheirs(item.ours.output_tokens, item.theirs.output_tokens)],
              ['Cost ours / theirs', costsOursTheirs(item.ours.cost_cents, item.theirs.cost_cents)],
            ]}
          />
        </>
      );
  }
}

/** One of the routing page's tables as cards, for a phone. */
export function RoutingCards(props: RoutingGridProps) {
  const label = ROUTING_TABLE_LABELS[props.table];
  // One renderer while the table's props stay: CardList then leaves the cards alone when nothing else changed.
  const render = useMemo(() => renderCard(props) as (item: { id: string }) => ReactNode, [props]);
  return (
    <CardList<{ id: string }>
      items={props.rows}
      itemKey={(item) => item.id}
      renderCard={render}
      label={label}
      loadingLabel={`Loading ${label.toLowerCase()}`}
      loading={props.loading}
      noRowsLabel={props.noRowsLabel}
      cardHeight={140}
    />
  );
}
