import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { RequestStatus } from '../../../contract/schemas/requestLog';
import { STATUS_LABELS } from './requestLog';

export const CACHED_LABEL = 'Cached';

/** The request's status, and "Cached" beside it when the response cache answered it (docs/gateway.md#caching). */
export function RequestStatusChip({ status, cached = false }: { status: RequestStatus; cached?: boolean }) {
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      label={STATUS_LABELS[status]}
      color={status === 'success' ? 'success' : 'error'}
    />
  );
  if (!cached) return chip;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
      {chip}
      <Chip size="small" variant="outlined" color="info" label={CACHED_LABEL} />
    </Box>
  );
}
