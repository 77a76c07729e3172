import Chip from '@mui/material/Chip';
import type { RequestStatus } from '../../../contract/schemas/requestLog';
import { STATUS_LABELS } from './requestLog';

export function RequestStatusChip({ status }: { status: RequestStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={STATUS_LABELS[status]}
      color={status === 'success' ? 'success' : 'error'}
    />
  );
}
