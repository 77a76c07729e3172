import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

interface StatCardProps {
  title: string;
  value: ReactNode;
  caption?: ReactNode;
  icon?: ReactNode;
}

/** A labelled figure; the card is a region named by its title so tests and screen readers can find it. */
export function StatCard({ title, value, caption, icon }: StatCardProps) {
  const id = `stat-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Typography id={id} variant="body2" color="textSecondary" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {icon && <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>}
        </Box>
        <Typography variant="h2" component="p" sx={{ mt: 1 }}>
          {value}
        </Typography>
        {caption && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            {caption}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
