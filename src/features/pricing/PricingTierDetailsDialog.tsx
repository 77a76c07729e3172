import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { DetailList } from '../../components/lists/DetailList';
import {
  batchPriceText,
  cacheHitPriceText,
  formatPricePer1M,
  isTierActive,
  tokenRange,
  unitPriceLines,
} from './pricing';
import { formatDateTime } from '../../lib/time';
import type { PricingTier } from '../../../contract/schemas/pricing';

/** Read-only view of one tier (editing a tier is not offered). */
export function PricingTierDetailsDialog({ tier, onClose }: { tier: PricingTier; onClose: () => void }) {
  const caching = tier.supports_caching
    ? `Supported — create ${formatPricePer1M(tier.cache_create_cost_per_1m)}, read ${formatPricePer1M(
        tier.cache_read_cost_per_1m,
      )}, min ${tier.cache_min_tokens ?? '-'} tokens, TTL ${tier.cache_ttl_minutes ?? '-'} min`
    : 'Not supported';
  return (
    <Dialog open onClose={onClose} aria-labelledby="tier-details-title" maxWidth="sm" fullWidth>
      <DialogTitle id="tier-details-title">Pricing Tier Details</DialogTitle>
      {/* On a phone the details scroll, and nothing in them takes focus: the box itself does, so arrow keys scroll. */}
      <DialogContent tabIndex={0}>
        <DetailList
          items={[
            ['Provider', tier.provider],
            ['Model', tier.model],
            ['Tier', `${tier.tier_name} (Order ${tier.tier_order})`],
            ['Description', tier.tier_description ?? '-'],
            ['Token Range', tokenRange(tier.min_tokens, tier.max_tokens)],
            ['Prompt Price per 1M', formatPricePer1M(tier.prompt_cost_per_1m)],
            ['Completion Price per 1M', formatPricePer1M(tier.completion_cost_per_1m)],
            ['Caching', caching],
            // An older server does not send it: its hits are free.
            ['Cache Hit Price', cacheHitPriceText(tier.cache_hit_percent)],
            ['Batch Price', batchPriceText(tier.batch_percent)],
            // A media model's (docs/media.md#prices); an older server sends none.
            ['Unit Prices', unitPriceLines(tier.unit_prices).join('; ') || '-'],
            ['Effective', formatDateTime(tier.effective_time)],
            ['Expires', formatDateTime(tier.expiry_time, 'Never')],
            ['Status', isTierActive(tier, new Date()) ? 'Active' : 'Inactive'],
            ['Notes', tier.notes ?? '-'],
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
