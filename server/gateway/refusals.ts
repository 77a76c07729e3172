import type { Admission } from '../credit/admission';
import { type GatewayError } from '../formats/gatewayError';
import {
  type Overrun,
  budgetExceeded,
  insufficientCredits,
  invalidApiKey,
  keyBudgetExceeded,
  keyExpired,
  keyOwnerDisabled,
  keyRateLimited,
  memberBudgetExceeded,
  modelNotAllowed,
} from './errors';

/** A refusal as its client reads it; a room that is not empty says what the request would have needed (holds.ts). */
export function refusal(
  admission: Exclude<Admission, { ok: true }>,
  model: string,
  overrun: () => Overrun,
): GatewayError {
  switch (admission.reason) {
    case 'invalid_key':
      return invalidApiKey();
    case 'key_owner_disabled':
      return keyOwnerDisabled();
    case 'insufficient_credits':
      return insufficientCredits(admission, overrun());
    case 'budget_exceeded':
      return budgetExceeded(admission.budgetCents, admission, overrun());
    case 'key_expired':
      return keyExpired(admission.expiredAt);
    case 'model_not_allowed':
      return modelNotAllowed(model);
    case 'rpm_exceeded':
      return keyRateLimited('requests', admission.limit, admission.retryAfterSeconds);
    case 'tpm_exceeded':
      return keyRateLimited('tokens', admission.limit, admission.retryAfterSeconds);
    case 'key_budget_exceeded':
      return keyBudgetExceeded(admission.limitCents, admission.resetsAt, admission.period, admission, overrun());
    case 'member_budget_exceeded':
      return memberBudgetExceeded(admission.limitCents, admission.resetsAt, admission, overrun());
  }
}
