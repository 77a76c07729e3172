import { useCallback } from 'react';
import Chip from '@mui/material/Chip';
import { CardActions, CardCaption, CardFacts, CardHeading, CardList, CardTitle } from '../../components/CardList';
import { formatPricePer1M, isTierActive, tierCachingLines, tokenRange, unitPriceLines } from './pricing';
import { formatDateTime } from '../../lib/time';
import type { PricingTier } from '../../../contract/schemas/pricing';
import type { PricingRowActions } from './pricingColumns';

export interface PricingTierListProps {
  tiers: PricingTier[];
  actions: PricingRowActions;
  loading: boolean;
  noRowsLabel: string;
}

/** The pricing table on a phone: each tier as a card with the grid's columns in the grid's order (see CardList). */
export function PricingTierList({ tiers, actions, loading, noRowsLabel }: PricingTierListProps) {
  // One renderer while the actions stay: CardList then leaves the cards alone when nothing else changed.
  const renderCard = useCallback((tier: PricingTier) => <PricingTierCard tier={tier} actions={actions} />, [actions]);
  return (
    <CardList
      items={tiers}
      itemKey={(tier) => tier.id}
      renderCard={renderCard}
      label="Pricing tiers"
      loadingLabel="Loading pricing tiers"
      loading={loading}
      noRowsLabel={noRowsLabel}
      cardHeight={260}
    />
  );
}

function PricingTierCard({ tier, actions }: { tier: PricingTier; actions: PricingRowActions }) {
  const active = isTierActive(tier, new Date());
  return (
    <>
      <CardTitle
        end={
          <Chip
            size="small"
            variant="outlined"
            label={active ? 'Active' : 'Inactive'}
            color={active ? 'success' : 'default'}
          />
        }
      >
        <CardHeading>{tier.model}</CardHeading>
        <CardCaption>{tier.provider}</CardCaption>
      </CardTitle>
      <CardFacts
        facts={[
          ['Tier', `${tier.tier_name} (Order ${tier.tier_order})`],
          ...(tier.tier_description ? [['Description', tier.tier_description] as [string, string]] : []),
          ['Token Range', tokenRange(tier.min_tokens, tier.max_tokens)],
          ['Prompt Price per 1M', formatPricePer1M(tier.prompt_cost_per_1m)],
          ['Completion Price per 1M', formatPricePer1M(tier.completion_cost_per_1m)],
          ['Caching', tierCachingLines(tier).join(' · ')],
          // A media model's (docs/media.md#prices); none for a text model, or from an older server.
          ...(unitPriceLines(tier.unit_prices).length > 0
            ? [['Unit Prices', unitPriceLines(tier.unit_prices).join(' · ')] as [string, string]]
            : []),
          ['Effective Time', formatDateTime(tier.effective_time)],
          ...(tier.expiry_time ? [['Expires', formatDateTime(tier.expiry_time)] as [string, string]] : []),
        ]}
      />
      <CardActions
        actions={[
          { label: 'View details', onClick: () => actions.onView(tier) },
          { label: 'Edit', onClick: () => actions.onEdit(tier) },
          // Deactivate only while the tier is active (docs/rules.md#pricing-tiers).
          ...(active ? [{ label: 'Deactivate', onClick: () => actions.onDeactivate(tier), destructive: true }] : []),
        ]}
      />
    </>
  );
}
