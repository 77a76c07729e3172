import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ErrorState } from '../../components/ErrorState';
import { errorMessage } from '../../lib/apiError';
import { formatDateTime, formatDateTimeSeconds } from '../../lib/time';
import { useGetWebhookDeliveriesQuery } from '../../store/api';
import { answerText, DELIVERY_STATUS_COLORS, DELIVERY_STATUS_LABELS, eventLabel, triesText } from './alertSettings';

/**
 * An endpoint's newest deliveries: each one's event, status, last answer and every try (when, and what came back).
 * Asked again when shown; a delivery being retried shows when its next try is due.
 */
export function WebhookDeliveries({ endpointId, label }: { endpointId: string; label: string }) {
  const { data, error, isLoading, refetch } = useGetWebhookDeliveriesQuery(endpointId, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) return <Typography variant="body2">Loading deliveries…</Typography>;
  if (error || !data) {
    return <ErrorState message={errorMessage(error, 'Failed to load the deliveries')} onRetry={() => void refetch()} />;
  }
  if (data.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        Nothing sent yet. Send a test to see one.
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {data.map((delivery) => (
        <Box
          component="li"
          key={delivery.id}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 600, flex: '1 1 160px' }}>
              {eventLabel(delivery.event_type)} · {formatDateTime(delivery.created_at)}
            </Typography>
            <Chip
              size="small"
              label={DELIVERY_STATUS_LABELS[delivery.status]}
              color={DELIVERY_STATUS_COLORS[delivery.status]}
            />
          </Box>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {answerText(delivery.last_status_code, delivery.last_error)} · {triesText(delivery)}
            {delivery.next_attempt_at ? ` · next try ${formatDateTimeSeconds(delivery.next_attempt_at)}` : ''}
          </Typography>
          {delivery.tries.length > 1 && (
            <Box component="ol" aria-label="Tries" sx={{ m: 0, mt: 0.5, pl: 3 }}>
              {delivery.tries.map((attempt) => (
                <Typography component="li" variant="caption" key={attempt.attempt} sx={{ overflowWrap: 'anywhere' }}>
                  {formatDateTimeSeconds(attempt.attempted_at)}: {answerText(attempt.status_code, attempt.error)} (
                  {attempt.duration_ms} ms)
                </Typography>
              ))}
            </Box>
          )}
          {delivery.response_excerpt && (
            <Box
              component="pre"
              sx={{
                m: 0,
                mt: 0.5,
                fontSize: 12,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                color: 'text.secondary',
              }}
            >
              {delivery.response_excerpt}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
