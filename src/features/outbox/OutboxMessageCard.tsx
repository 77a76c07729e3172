import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../lib/time';
import type { OutboxMessage } from '../../../contract/schemas/alerts';
import { OUTBOX_KIND_LABELS, OUTBOX_STATUS_COLORS, OUTBOX_STATUS_LABELS } from './outbox';

/** One email as it was sent (or kept): subject, recipients, status, and its text. */
export function OutboxMessageCard({ message }: { message: OutboxMessage }) {
  const headingId = `mail-${message.id}`;
  return (
    <Paper component="article" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Typography
          id={headingId}
          variant="h3"
          component="h2"
          sx={{ fontSize: '1rem', flex: '1 1 240px', minWidth: 0 }}
        >
          {message.subject}
        </Typography>
        <Chip size="small" label={OUTBOX_KIND_LABELS[message.kind]} variant="outlined" />
        <Chip size="small" label={OUTBOX_STATUS_LABELS[message.status]} color={OUTBOX_STATUS_COLORS[message.status]} />
      </Box>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        To {message.recipients.join(', ')} · {formatDateTime(message.created_at)}
        {message.team_name ? ` · ${message.team_name}` : ''}
        {message.attempts > 1 ? ` · ${message.attempts} tries` : ''}
      </Typography>
      {message.last_error && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          {message.last_error}
        </Typography>
      )}
      <Box
        component="pre"
        sx={{
          mt: 1.5,
          mb: 0,
          p: 1.5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'inherit',
          fontSize: 14,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {message.body_text}
      </Box>
    </Paper>
  );
}
