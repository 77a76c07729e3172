import Box from '@mui/material/Box';
import { changeTone, type ChangeTone } from '../../lib/dashboard';

const TONE_COLORS: Record<ChangeTone, string> = {
  good: 'success.main',
  bad: 'error.main',
  neutral: 'text.secondary',
};

/** A stat's change string ('+12.5%'), green when it is good news and red when it is not (see changeTone). */
export function ChangeText({ change, lowerIsBetter = false }: { change: string; lowerIsBetter?: boolean }) {
  const tone = changeTone(change, lowerIsBetter);
  return (
    <Box component="span" data-tone={tone} sx={{ color: TONE_COLORS[tone], fontWeight: 600 }}>
      {change}
    </Box>
  );
}
