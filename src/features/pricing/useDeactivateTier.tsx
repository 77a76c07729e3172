import { useConfirmedDeactivation, type DeactivationMessages } from '../../components/forms/useConfirmedDeactivation';
import { DEACTIVATE_TIER_CONFIRMATION, DEACTIVATE_TIER_FAILED, deactivateTierTitle } from './pricing';
import { useDeactivatePricingTierMutation } from '../../store/api';
import type { PricingTier } from '../../../contract/schemas/pricing';

export const TIER_DEACTIVATED = 'Pricing tier deactivated successfully!';

const MESSAGES: DeactivationMessages<PricingTier> = {
  title: deactivateTierTitle,
  confirmation: DEACTIVATE_TIER_CONFIRMATION,
  succeeded: TIER_DEACTIVATED,
  failed: DEACTIVATE_TIER_FAILED,
};

/** Deactivate after the confirmation (docs/rules.md#pricing-tiers); the row refreshes through the cache tags. */
export function useDeactivateTier() {
  const [deactivateTier] = useDeactivatePricingTierMutation();
  return useConfirmedDeactivation(deactivateTier, MESSAGES);
}
