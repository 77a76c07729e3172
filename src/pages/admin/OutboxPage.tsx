import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { errorMessage } from '../../lib/apiError';
import { useGetOutboxQuery } from '../../store/api';
import { OutboxMessageCard } from '../../features/outbox/OutboxMessageCard';
import { NO_MAIL, OUTBOX_PAGE_SIZE, outboxRange } from '../../features/outbox/outbox';
import { AdminGate } from './AdminGate';
import { RouteHeader } from '../../components/RouteHeader';

function Outbox() {
  const [offset, setOffset] = useState(0);
  const { data, error, isLoading, isFetching, refetch } = useGetOutboxQuery(
    { limit: OUTBOX_PAGE_SIZE, offset },
    { refetchOnMountOrArgChange: true },
  );
  if (isLoading) return <PageLoader label="Loading the outbox" />;
  if (error || !data) {
    return <ErrorState message={errorMessage(error, 'Failed to load the outbox')} onRetry={() => void refetch()} />;
  }
  if (data.total === 0) return <EmptyState title="The outbox is empty" description={NO_MAIL} />;
  return (
    <>
      <Stack spacing={2} aria-busy={isFetching}>
        {data.messages.map((message) => (
          <OutboxMessageCard key={message.id} message={message} />
        ))}
      </Stack>
      <Box component="nav" aria-label="Outbox pages" sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
        <Typography variant="body2" sx={{ flex: 1 }}>
          {outboxRange(offset, data.messages.length, data.total)}
        </Typography>
        <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - OUTBOX_PAGE_SIZE))}>
          Newer
        </Button>
        <Button disabled={offset + OUTBOX_PAGE_SIZE >= data.total} onClick={() => setOffset(offset + OUTBOX_PAGE_SIZE)}>
          Older
        </Button>
      </Box>
    </>
  );
}

/** Admin → Outbox: every email the server sent or, without an SMTP server, kept here to be read. */
export function OutboxPage() {
  return (
    <AdminGate>
      <RouteHeader path="/admin/outbox" />
      <Alert severity="info" sx={{ mb: 2 }}>
        Without an SMTP server (SMTP_URL), email is kept here instead of being sent: the demo&apos;s alerts and
        invitations can be read on this page.
      </Alert>
      <Outbox />
    </AdminGate>
  );
}
