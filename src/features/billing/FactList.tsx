import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

/** Label and value pairs as a description list, the labels in a column on the left. */
export function FactList({ rows, valueSx }: { rows: [string, string | number][]; valueSx?: SxProps<Theme> }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.5 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="textSecondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            sx={[{ m: 0, overflowWrap: 'anywhere' }, ...(Array.isArray(valueSx) ? valueSx : [valueSx])]}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
