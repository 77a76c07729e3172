import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TopModel } from '../../../contract/schemas/teams';
import { formatMoney } from '../../../contract/money';
import { formatCount } from '../../lib/numbers';
import { BillingCard } from './BillingCard';

export function TopModelsCard({ models }: { models: TopModel[] }) {
  return (
    <BillingCard titleId="top-models-title" title="Top Models This Month">
      {models.length === 0 ? (
        <Typography color="textSecondary">No model usage this month.</Typography>
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
                <Typography variant="body2" color="textSecondary">
                  {formatCount(model.request_count)} requests
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 600 }}>{formatMoney(model.total_cost)}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </BillingCard>
  );
}
