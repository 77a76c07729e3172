// A media model's units on Usage Reports (docs/media.md), apart from usageReport.ts so that the pages that use only
// its budget rules (Billing) do not load the media units' names.
import { describeUnits } from '../../../contract/mediaUnits';
import type { UsageByModel } from '../../../contract/schemas/usage';

/** A media model's billed units in words ("12 images", "300 seconds of audio"); null for a model priced by tokens. */
export const modelUnits = (model: Pick<UsageByModel, 'unit' | 'units'>): string | null =>
  model.unit ? describeUnits(model.unit, model.units ?? 0) : null;
