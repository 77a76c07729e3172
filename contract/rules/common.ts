/**
 * Plain rules shared by every domain of the wire contract: plain values beside the schemas of contract/schemas/common.ts, which re-exports them. The browser
 * imports these from here, so no page downloads TypeBox (docs/api-contract.md).
 */
import { groupThousands } from '../decimal';

/** The most cents a limit, a cap or a cost filter takes: $1,000,000,000, far inside a bigint and a double. */
export const MAX_AMOUNT_CENTS = 100_000_000_000;

/** '1,000,000': a whole number as a message shows it. */
export const formatCount = (value: number) => groupThousands(String(value));
