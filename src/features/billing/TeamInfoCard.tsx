import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BillingCard } from './BillingCard';

interface TeamInfoCardProps {
  name: string;
  memberCount: number;
  modelsUsed: number;
}

export function TeamInfoCard({ name, memberCount, modelsUsed }: TeamInfoCardProps) {
  const rows: [string, string | number][] = [
    ['Team Name', name],
    ['Team Members', memberCount],
    ['Models Used', modelsUsed],
  ];
  return (
    <BillingCard titleId="team-info-title" title="Team Information">
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.5 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </BillingCard>
  );
}
