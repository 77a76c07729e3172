import Box from '@mui/material/Box';
import { PageLoader } from '../PageLoader';

/**
 * Holds a grid's place while its chunk loads: the same surface and at least the grid's height, so nothing below moves
 * when the grid arrives, and a named progress indicator for screen readers.
 */
export function GridPlaceholder({ label, minHeight }: { label: string; minHeight: number }) {
  return (
    <Box
      sx={{
        minHeight,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <PageLoader label={label} />
    </Box>
  );
}
