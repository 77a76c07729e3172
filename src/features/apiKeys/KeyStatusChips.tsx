import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ApiKey } from '../../../contract/schemas/apiKeys';
import { KEY_STATE_COLORS, keyStates, rotationText } from './keyStatus';

export const statusLabel = (key: Pick<ApiKey, 'is_active'>) => (key.is_active ? 'Active' : 'Inactive');

/**
 * Active or Inactive, then what needs attention: Expired, Expires soon, Limit reached, Rotating (whose tooltip says
 * until when the old secret works).
 */
export function KeyStatusChips({ apiKey }: { apiKey: ApiKey }) {
  const now = new Date();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', py: 0.5 }}>
      <Chip
        size="small"
        label={statusLabel(apiKey)}
        color={apiKey.is_active ? 'success' : 'default'}
        variant="outlined"
      />
      {keyStates(apiKey, now).map((state) => (
        <Chip
          key={state}
          size="small"
          label={state}
          color={KEY_STATE_COLORS[state]}
          title={state === 'Rotating' ? (rotationText(apiKey, now) ?? undefined) : undefined}
        />
      ))}
    </Box>
  );
}
