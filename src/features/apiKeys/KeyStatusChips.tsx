import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ApiKey } from '../../../contract/schemas/apiKeys';
import { KEY_STATE_COLORS, keyBlockText, keyStates, rotationText } from './keyStatus';
import { limitTooLow, limitTooLowText } from './callFloor';
import { useCallFloor } from './CallFloors';
import { formatCents } from '../../../contract/money';

export const LIMIT_TOO_LOW = 'Limit too low';

export const statusLabel = (key: Pick<ApiKey, 'is_active'>) => (key.is_active ? 'Active' : 'Inactive');

/** A narrow column wraps a long reason ('Member cap reached') inside its chip rather than cutting it. */
const WRAPPING_CHIP = { height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } };

/**
 * Active or Inactive, or, when the gateway refuses every call of the key, why (Limit reached, Member cap reached, …)
 * with until when under it; then what needs attention: Expires soon, Rotating (whose tooltip says until when the old
 * secret works), Limit too low (less left than a call without max_tokens holds, callFloor.ts).
 */
export function KeyStatusChips({ apiKey }: { apiKey: ApiKey }) {
  const now = new Date();
  const block = keyBlockText(apiKey);
  const tooLow = limitTooLow(apiKey, useCallFloor(apiKey.id));
  return (
    <Box sx={{ py: 0.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
        {block ? (
          <Chip size="small" label={block.label} color="error" title={block.sentence} sx={WRAPPING_CHIP} />
        ) : (
          <Chip
            size="small"
            label={statusLabel(apiKey)}
            color={apiKey.is_active ? 'success' : 'default'}
            variant="outlined"
          />
        )}
        {keyStates(apiKey, now).map((state) => (
          <Chip
            key={state}
            size="small"
            label={state}
            color={KEY_STATE_COLORS[state]}
            title={state === 'Rotating' ? (rotationText(apiKey, now) ?? undefined) : undefined}
          />
        ))}
        {!block && tooLow && (
          <Chip size="small" label={LIMIT_TOO_LOW} color="warning" title={limitTooLowText(tooLow)} sx={WRAPPING_CHIP} />
        )}
      </Box>
      {!block && tooLow && (
        <Typography variant="caption" color="textSecondary" component="p" sx={{ lineHeight: 1.3, mt: 0.25 }}>
          {`${formatCents(tooLow.leftCents)} left; a call without max_tokens holds ${formatCents(tooLow.floorCents)}`}
        </Typography>
      )}
      {block?.until && (
        <Typography variant="caption" color="textSecondary" component="p" sx={{ lineHeight: 1.3, mt: 0.25 }}>
          {block.until}
        </Typography>
      )}
    </Box>
  );
}
