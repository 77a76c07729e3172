/**
 * A batch's hold (docs/batches.md#limits): each line's worst case at the batch price, as a request's is planned
 * (credit/holds.ts), summed and held at once on the key, its member and the team (credit/sql/batch.sql), or the batch
 * is refused with the room that has not enough and the amount.
 */
import type { Catalog } from '../gateway/catalog';
import type { GatewayConfig } from '../gateway/settings';
import type { Queryable } from '../db/types';
import { planHold, tooLongFor } from '../credit/holds';
import { measureRequest } from '../gateway/measure';
import { answerersOf, offering } from '../gateway/pipeline';
import { calledNames } from '../gateway/calledNames';
import { refusalOf, type KeyOwner, type RefusalRow } from '../credit/admission';
import { refusal } from '../gateway/refusals';
import { modelNotAllowed } from '../gateway/errors';
import type { GatewayError } from '../formats/gatewayError';
import { atBatchPrices } from './batchPrices';
import type { BatchEndpoint, BatchLine, InputProblem } from './batchInput';

export interface PlanParts {
  catalog: Pick<Catalog, 'route'>;
  config: Pick<GatewayConfig, 'defaultMaxTokens'>;
}

/**
 * Each line's worst case in cents, in the lines' order; or the lines no deployment can answer (an unknown model, one
 * that does not offer the endpoint, a prompt too long for every deployment), or whose model the key may not call.
 */
export async function planLines(
  parts: PlanParts,
  endpoint: BatchEndpoint,
  lines: BatchLine[],
  allowedModels: string[],
): Promise<{ ok: true; holds: number[] } | { ok: false; problems: InputProblem[] }> {
  const routes = new Map<string, Awaited<ReturnType<PlanParts['catalog']['route']>>>();
  const holds: number[] = [];
  const problems: InputProblem[] = [];
  for (const { line, body } of lines) {
    if (problems.length >= 10) break;
    if (!routes.has(body.model)) routes.set(body.model, await parts.catalog.route(body.model));
    const found = routes.get(body.model) ?? null;
    const resolved = found && offering(found, endpoint);
    if (!resolved) {
      problems.push({
        code: 'model_not_found',
        message: `Line ${line}: the model "${body.model}" is not offered here for ${endpoint}.`,
        param: 'body.model',
        line,
      });
      continue;
    }
    const names = calledNames(body.model, resolved);
    if (allowedModels.length > 0 && !names.some((name) => allowedModels.includes(name))) {
      problems.push({
        code: 'model_not_allowed',
        message: `Line ${line}: ${modelNotAllowed(body.model).message}`,
        param: 'body.model',
        line,
      });
      continue;
    }
    const measure = measureRequest(endpoint, body);
    const answerers = [...answerersOf(atBatchPrices(resolved)).values()];
    const window = tooLongFor(answerers, measure);
    if (window !== null) {
      problems.push({
        code: 'context_length_exceeded',
        message: `Line ${line}: the prompt is too long for "${body.model}", which takes at most ${window.toLocaleString('en-US')} tokens.`,
        param: 'body',
        line,
      });
      continue;
    }
    holds.push(planHold(answerers, measure, parts.config.defaultMaxTokens).amountCents);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, holds };
}

interface HoldRow extends RefusalRow {
  key_id: string | null;
  team_id: string | null;
  user_id: string | null;
  lease_id: number | null;
}

/**
 * Holds `amountCents` for the batch `batchId` until `until` (its lease's expiry), in the caller's transaction; or the
 * refusal a client reads, naming the room and the amount.
 */
export async function holdBatch(
  q: Queryable,
  keyHash: string,
  batch: { id: string; lines: number; amountCents: number; until: Date },
): Promise<{ ok: true; owner: KeyOwner; leaseId: number } | { ok: false; error: GatewayError }> {
  const [row] = await q.query<HoldRow>('SELECT * FROM gateway_batch_hold($1, $2, $3, $4)', [
    keyHash,
    batch.id,
    batch.amountCents,
    batch.until,
  ]);
  if (row.lease_id !== null && row.refusal === null) {
    return {
      ok: true,
      owner: { keyId: row.key_id as string, teamId: row.team_id as string, userId: row.user_id as string },
      leaseId: Number(row.lease_id),
    };
  }
  const requests = `${batch.lines.toLocaleString('en-US')} request${batch.lines === 1 ? '' : 's'}`;
  return {
    ok: false,
    error: refusal({ ok: false, ...refusalOf(row) }, '', () => ({
      what: `Holding this batch's ${requests} at their worst case at the batch price`,
      flatCents: batch.amountCents,
    })),
  };
}
