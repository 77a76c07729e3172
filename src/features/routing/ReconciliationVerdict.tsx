import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReconciliationRow } from '../../../contract/schemas/routing';
import { reconciliationVerdict } from './routing';

/** "Agrees", or "Differs" with each difference the server found named under it. */
export function ReconciliationVerdict({ row }: { row: Pick<ReconciliationRow, 'differences'> }) {
  const verdict = reconciliationVerdict(row);
  return (
    <Stack spacing={0.5} sx={{ py: 0.5 }}>
      <Chip
        size="small"
        label={verdict}
        color={verdict === 'Agrees' ? 'success' : 'warning'}
        sx={{ alignSelf: 'flex-start' }}
      />
      {row.differences.map((difference) => (
        <Typography key={difference} variant="caption" color="textSecondary">
          {difference}
        </Typography>
      ))}
    </Stack>
  );
}
