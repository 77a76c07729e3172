import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { TopModel } from '../../store/types';
import { formatMoney } from '../../../contract/money';
import { formatCount } from '../../lib/numbers';

export function TopModelsCard({ models }: { models: TopModel[] }) {
  return (
    <Card component="section" aria-labelledby="top-models-title" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="top-models-title" variant="h3" component="h2" sx={{ mb: 2 }}>
          Top Models This Month
        </Typography>
        {models.length === 0 ? (
          <Typography color="text.secondary">No model usage this month.</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {models.map((model) => (
              <Box
                component="li"
                key={model.name}
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 1 }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{model.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatCount(model.request_count)} requests
                  </Typography>
                </Box>
                <Typography sx={{ fontWeight: 600 }}>{formatMoney(model.total_cost)}</Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
