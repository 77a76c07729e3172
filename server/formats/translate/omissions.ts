import type { UnsupportedParams } from '../../../contract/schemas/routing';
import { TranslationError } from './translationError';

/**
 * What a translation does with a field the target format has no place for that only hints at the answer (a
 * sampling setting such as `top_k`, `seed` or a penalty, a provider's own option, a field the gateway does not
 * know), as the route says (`UNSUPPORTED_PARAMS`, contract/schemas/routing.ts): `drop` leaves it out and names it in the `x-gateway-dropped-params` header, `refuse` is a 400 naming it. A
 * route chooses (`unsupported_params`); a direct call drops. What would change the answer's meaning (a second choice,
 * log probabilities, audio out, a provider's stored file) is refused whatever the route says (docs/gateway.md,
 * "Compatibility").
 */
export type { UnsupportedParams };

/** The fields one translation left out, as the client named them; or the refusal of the first, when the route says so. */
export class Omissions {
  readonly dropped: string[] = [];

  constructor(private readonly mode: UnsupportedParams = 'drop') {}

  /** `name`, the field as the client wrote it, has no counterpart in the target format (`param`: where it is). */
  hint(name: string, param = name): void {
    if (this.mode === 'refuse') {
      throw new TranslationError(
        `${name} has no counterpart for this model, and the route refuses the fields it would drop; remove "${param}".`,
        param,
      );
    }
    if (!this.dropped.includes(name)) this.dropped.push(name);
  }

  /** Every field of `fields` with a value that the translation neither carried over (`carried`) nor refused. */
  rest(fields: Record<string, unknown>, carried: ReadonlySet<string>, prefix = ''): void {
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined && value !== null && !carried.has(name)) this.hint(name, `${prefix}${name}`);
    }
  }
}

/** The response header that names what was dropped (comma-separated, in the client's names). */
export const DROPPED_PARAMS_HEADER = 'x-gateway-dropped-params';
