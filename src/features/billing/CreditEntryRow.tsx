import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CreditEntry } from '../../../contract/schemas/billing';
import { creditTypeLabel, signedMoney } from './credits';
import { formatMoney } from '../../../contract/money';
import { formatDateTime } from '../../lib/time';

/** One timeline entry: a dot, the type and description, and the signed amount with its date (below them on a phone). */
export function CreditEntryRow({ entry }: { entry: CreditEntry }) {
  const credit = entry.amount >= 0;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        // On a phone the amount and date go under the description rather than squeezing it to a few letters a line.
        flexWrap: 'wrap',
        columnGap: 1.5,
        rowGap: 0.5,
        py: 1.5,
        borderLeft: 2,
        borderColor: 'divider',
        pl: 2,
        position: 'relative',
        '&::before': {
          content: '""',
          position: 'absolute',
          left: -6,
          top: 18,
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: credit ? 'success.main' : 'error.main',
        },
      }}
    >
      <Box sx={{ flex: '1 1 11rem', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{creditTypeLabel(entry.type)}</Typography>
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'break-word' }}>
          {entry.description}
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'right', flex: '0 0 auto', ml: 'auto' }}>
        <Typography sx={{ fontWeight: 600, color: credit ? 'success.main' : 'error.main' }}>
          {signedMoney(entry.amount, formatMoney)}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {formatDateTime(entry.created_at)}
        </Typography>
      </Box>
    </Box>
  );
}
