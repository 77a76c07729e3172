import { memo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import type { CatalogModel } from '../../../contract/schemas/models';
import { endpointLabel, keysText, pricePer1M, tierRange } from './models';
import { unitPriceLines } from '../../../contract/mediaUnits';

interface ModelCardProps {
  model: CatalogModel;
  /** The member's keys by id, for the names of those that may call the model. */
  keyNames: ReadonlyMap<string, string>;
  onCopy: (id: string) => void;
}

/** One model: its id to copy, provider and reachability, prices by tier, the doors that answer it, the keys that may. */
export const ModelCard = memo(function ModelCard({ model, keyNames, onCopy }: ModelCardProps) {
  const titleId = `model-${model.id.replace(/[^a-zA-Z0-9]+/g, '-')}`;
  const keys = model.key_ids.map((id) => keyNames.get(id)).filter((name): name is string => Boolean(name));
  const unitPrices = unitPriceLines(model.tiers[0]?.unit_prices);
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography
            id={titleId}
            variant="h3"
            component="h2"
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {model.id}
          </Typography>
          <IconButton size="small" aria-label={`Copy ${model.id}`} onClick={() => onCopy(model.id)}>
            <ContentCopy fontSize="inherit" />
          </IconButton>
          <Chip size="small" label={model.kind === 'route' ? 'Route' : model.provider} />
          <Chip
            size="small"
            variant="outlined"
            color={model.reachable ? 'success' : 'default'}
            label={model.reachable ? 'Reachable now' : 'Provider not configured'}
          />
          {model.supports_caching && <Chip size="small" variant="outlined" label="Prompt caching" />}
        </Stack>
        {unitPrices.length > 0 ? (
          // A media model (docs/media.md): billed by its units, not its tokens.
          <Typography variant="body2">Prices: {unitPrices.join(' · ')}</Typography>
        ) : model.tiers.length > 0 ? (
          <TableContainer tabIndex={0} role="group" aria-label={`Prices of ${model.id}`}>
            <Table size="small" aria-label={`Prices of ${model.id} per 1M tokens`}>
              <TableHead>
                <TableRow>
                  <TableCell>Prompt size</TableCell>
                  <TableCell align="right">Prompt / 1M</TableCell>
                  <TableCell align="right">Completion / 1M</TableCell>
                  <TableCell align="right">Cache read / 1M</TableCell>
                  <TableCell align="right">Cache write / 1M</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {model.tiers.map((tier) => (
                  <TableRow key={tier.min_tokens}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{tierRange(tier, model.tiers.length === 1)}</TableCell>
                    <TableCell align="right">{pricePer1M(tier.prompt_cost_per_1m)}</TableCell>
                    <TableCell align="right">{pricePer1M(tier.completion_cost_per_1m)}</TableCell>
                    <TableCell align="right">{pricePer1M(tier.cache_read_cost_per_1m)}</TableCell>
                    <TableCell align="right">{pricePer1M(tier.cache_create_cost_per_1m)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <Typography variant="body2" color="textSecondary">
            A model route: each call is billed at the price of the deployment that answers it.
          </Typography>
        )}
        <Box>
          <Typography variant="body2" color="textSecondary">
            Endpoints: {model.endpoints.map(endpointLabel).join(', ')}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {keysText(model.reachable, keys)}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
});
