import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

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
    <Card component="section" aria-labelledby="team-info-title" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="team-info-title" variant="h3" component="h2" sx={{ mb: 2 }}>
          Team Information
        </Typography>
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
      </CardContent>
    </Card>
  );
}
