import { useCallback } from 'react';
import Button from '@mui/material/Button';
import { CardButtons, CardFacts, CardHeading, CardList, CardTitle, type CardPages } from '../../components/CardList';
import type { RequestLogEntry } from '../../../contract/schemas/requestLog';
import { formatCents } from '../../../contract/money';
import { formatDateTimeSeconds } from '../../lib/time';
import {
  durationText,
  errorText,
  keyName,
  LOADING_REQUESTS,
  memberName,
  modelText,
  NO_REQUESTS,
  REQUESTS_LABEL,
  routeText,
  tokenBreakdown,
  VIEW_DETAILS,
  isCached,
} from './requestLog';
import { RequestStatusChip } from './RequestStatusChip';

interface RequestLogCardsProps {
  rows: RequestLogEntry[];
  loading: boolean;
  pages: CardPages;
  onOpen: (entry: RequestLogEntry) => void;
}

/** The log on a phone: one card per request with the grid's columns in its order, a server page at a time. */
export function RequestLogCards({ rows, loading, pages, onOpen }: RequestLogCardsProps) {
  // One renderer for as long as onOpen is the same: CardList then leaves the cards alone when nothing else changed.
  const renderCard = useCallback((entry: RequestLogEntry) => <RequestCard entry={entry} onOpen={onOpen} />, [onOpen]);
  return (
    <CardList
      items={rows}
      itemKey={(entry) => entry.id}
      renderCard={renderCard}
      label={REQUESTS_LABEL}
      loadingLabel={LOADING_REQUESTS}
      loading={loading}
      noRowsLabel={NO_REQUESTS}
      pages={pages}
      cardHeight={220}
    />
  );
}

function RequestCard({ entry, onOpen }: { entry: RequestLogEntry; onOpen: (entry: RequestLogEntry) => void }) {
  const error = errorText(entry);
  return (
    <>
      <CardTitle end={<RequestStatusChip status={entry.status} cached={isCached(entry)} />}>
        <CardHeading>{formatDateTimeSeconds(entry.created_at)}</CardHeading>
      </CardTitle>
      <CardFacts
        facts={[
          ['Key', keyName(entry)],
          ['Member', memberName(entry)],
          ['Model', routeText(entry) ?? modelText(entry)],
          ['Tokens', tokenBreakdown(entry)],
          ['Cost', formatCents(entry.cost_cents)],
          ['Latency', durationText(entry.latency_ms)],
          ['TTFT', durationText(entry.ttft_ms)],
          ...(error ? [['Error', error] as [string, string]] : []),
        ]}
      />
      <CardButtons>
        <Button size="small" onClick={() => onOpen(entry)}>
          {VIEW_DETAILS}
        </Button>
      </CardButtons>
    </>
  );
}
