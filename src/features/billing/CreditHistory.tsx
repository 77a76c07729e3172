import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Refresh from '@mui/icons-material/Refresh';
import { useGetCreditHistoryQuery } from '../../store/api';
import { errorMessage } from '../../lib/apiError';
import {
  CREDIT_FILTERS,
  emptyCreditHistoryText,
  filterCreditEntries,
  NO_TRANSACTIONS_TITLE,
  type CreditFilter,
} from './credits';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { CreditEntryRow } from './CreditEntryRow';
import { WidgetBoundary } from '../../components/WidgetBoundary';

export const CREDIT_HISTORY_DEFAULT_LIMIT = 20;

interface CreditHistoryProps {
  teamId: string | undefined;
  limit?: number;
}

/** The team's credit ledger, newest first, filtered by type on the client. */
export function CreditHistory({ teamId, limit = CREDIT_HISTORY_DEFAULT_LIMIT }: CreditHistoryProps) {
  const [filter, setFilter] = useState<CreditFilter>('all');
  const history = useGetCreditHistoryQuery({ teamId: teamId ?? '', limit }, { skip: !teamId });
  const entries = filterCreditEntries(history.data?.entries ?? [], filter);

  return (
    <Card component="section" aria-labelledby="credit-history-title">
      <CardHeader
        title="Credit History"
        slotProps={{ title: { id: 'credit-history-title', variant: 'h3', component: 'h2' } }}
        action={
          <IconButton aria-label="Refresh" title="Refresh" onClick={() => history.refetch()} disabled={!teamId}>
            <Refresh />
          </IconButton>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <WidgetBoundary name="Credit history">
          <Stack direction="row" role="group" aria-label="Filter by type" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
            {CREDIT_FILTERS.map((option) => (
              <Chip
                key={option.value}
                label={option.label}
                clickable
                aria-pressed={filter === option.value}
                color={filter === option.value ? 'primary' : 'default'}
                variant={filter === option.value ? 'filled' : 'outlined'}
                onClick={() => setFilter(option.value)}
              />
            ))}
          </Stack>
          {history.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => history.refetch()}>
                  Retry
                </Button>
              }
            >
              <AlertTitle>Error loading credit history</AlertTitle>
              {errorMessage(history.error, 'Failed to fetch credit history')}
            </Alert>
          ) : history.isLoading ? (
            <PageLoader label="Loading credit history" />
          ) : entries.length === 0 ? (
            <EmptyState title={NO_TRANSACTIONS_TITLE} description={emptyCreditHistoryText(filter)} />
          ) : (
            <Box component="ol" aria-label="Credit transactions" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {entries.map((entry) => (
                <CreditEntryRow key={entry.id} entry={entry} />
              ))}
            </Box>
          )}
        </WidgetBoundary>
      </CardContent>
    </Card>
  );
}
