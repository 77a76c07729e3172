import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CardFacts, CardList, CardTitle, type CardPages } from '../../components/CardList';
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
  return (
    <CardList
      items={rows}
      itemKey={(entry) => entry.id}
      renderCard={(entry) => <RequestCard entry={entry} onOpen={onOpen} />}
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
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {formatDateTimeSeconds(entry.created_at)}
        </Typography>
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
      <Box sx={{ mx: -1, mb: -1 }}>
        <Button size="small" onClick={() => onOpen(entry)}>
          {VIEW_DETAILS}
        </Button>
      </Box>
    </>
  );
}
