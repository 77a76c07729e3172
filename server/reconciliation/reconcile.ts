/**
 * Our ledger against the providers' bills (docs/gateway.md#reconciliation): for each stored credential with its
 * provider's admin (usage) key, the provider's own daily report (providers/<name>/usageReport.ts) beside what the
 * gateway recorded for the deployments that use the credential, per UTC day and model, kept in reconciliation_days.
 * Runs on one instance at a time, off every request's path.
 */
import type { GatewayProvider } from '../../contract/providers';
import type { Db, Queryable } from '../db/types';
import type { SecretBox } from '../lib/secretBox';
import { PROVIDERS } from '../providers/registry';
import type { ReportedDay } from '../providers/types';

/** A model as both sides name it: providers report dated names (`gpt-4o-2024-08-06`, `claude-sonnet-4-20250514`). */
export const modelKey = (model: string) => model.replace(/-(\d{4}-\d{2}-\d{2}|\d{8})$/, '');

/** One day and model of one credential, both sides. */
export interface DayRow {
  day: string;
  model: string;
  oursRequests: number;
  oursInput: number;
  oursOutput: number;
  oursCached: number;
  oursCostCents: number;
  theirsInput: number;
  theirsOutput: number;
  theirsCached: number;
  theirsCostCents: number | null;
}

interface OurDay {
  day: string;
  model: string;
  requests: number;
  input: number;
  output: number;
  cached: number;
  cost: number;
}

/** What the gateway recorded for a credential: the usage events of the deployments that use it. */
async function ourDays(q: Queryable, credentialId: string, from: string, to: string): Promise<OurDay[]> {
  return q.query<OurDay>(
    `SELECT timezone('UTC', e.created_at)::date AS day, e.model, count(*) FILTER (WHERE e.status = 'success') AS requests,
            COALESCE(sum(e.prompt_tokens), 0) AS input, COALESCE(sum(e.completion_tokens), 0) AS output,
            COALESCE(sum(e.cached_tokens), 0) AS cached, COALESCE(sum(e.cost_cents), 0) AS cost
     FROM usage_events e JOIN route_deployments d ON d.id = e.deployment_id
     WHERE d.credential_id = $1 AND e.created_at >= $2::date AND e.created_at < $3::date
     GROUP BY 1, 2`,
    [credentialId, from, to],
  );
}

/** Both sides joined by day and model (a model only one side has gets zeros on the other). */
export function joinDays(ours: OurDay[], theirs: ReportedDay[]): DayRow[] {
  const rows = new Map<string, DayRow>();
  const row = (day: string, model: string) => {
    const key = `${day}\n${modelKey(model)}`;
    let found = rows.get(key);
    if (!found) {
      found = {
        day,
        model: modelKey(model),
        oursRequests: 0,
        oursInput: 0,
        oursOutput: 0,
        oursCached: 0,
        oursCostCents: 0,
        theirsInput: 0,
        theirsOutput: 0,
        theirsCached: 0,
        theirsCostCents: null,
      };
      rows.set(key, found);
    }
    return found;
  };
  for (const our of ours) {
    const target = row(our.day, our.model);
    target.oursRequests += Number(our.requests);
    target.oursInput += Number(our.input);
    target.oursOutput += Number(our.output);
    target.oursCached += Number(our.cached);
    target.oursCostCents += Number(our.cost);
  }
  for (const their of theirs) {
    const target = row(their.day, their.model);
    target.theirsInput += their.inputTokens;
    target.theirsOutput += their.outputTokens;
    target.theirsCached += their.cachedTokens;
    if (their.costCents !== null) target.theirsCostCents = (target.theirsCostCents ?? 0) + their.costCents;
  }
  return [...rows.values()].sort((a, b) => a.day.localeCompare(b.day) || a.model.localeCompare(b.model));
}

/**
 * Why a day is flagged: either side's input or output tokens differ by more than `tolerancePercent` of the larger
 * (and by more than a handful, so a quiet day's one-token rounding is not a finding), or the provider charged more than
 * the gateway billed (the operator paid for it). Empty: it agrees.
 */
export function differences(row: DayRow, tolerancePercent: number): string[] {
  const found: string[] = [];
  const apart = (label: string, ours: number, theirs: number) => {
    const gap = Math.abs(ours - theirs);
    if (gap > 10 && gap > (Math.max(ours, theirs) * tolerancePercent) / 100) {
      found.push(`${label}: ours ${ours.toLocaleString('en-US')}, theirs ${theirs.toLocaleString('en-US')}`);
    }
  };
  apart('input tokens', row.oursInput, row.theirsInput);
  apart('output tokens', row.oursOutput, row.theirsOutput);
  if (row.theirsCostCents !== null && row.theirsCostCents > row.oursCostCents) {
    found.push('the provider charged more than the gateway billed');
  }
  return found;
}

const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const daysBefore = (at: Date, days: number) => isoDay(new Date(at.getTime() - days * 86_400_000));

interface StoredCredential {
  id: string;
  provider: GatewayProvider;
  base_url: string | null;
  usage_key_ciphertext: string;
}

/** Reads one credential's report for [from, to) and stores both sides; records when, or why it failed. */
async function reconcileCredential(
  db: Db,
  credential: StoredCredential,
  adminKey: () => string,
  baseUrl: string,
  range: { from: string; to: string },
) {
  const read = PROVIDERS[credential.provider].usageReport;
  try {
    if (!read) throw new Error(`The ${credential.provider} provider has no usage report the gateway can read`);
    // Opened here: a key sealed with an older GATEWAY_CREDENTIALS_KEY is this credential's failure, not the run's.
    const theirs = await read({ baseUrl, adminKey: adminKey(), ...range });
    const rows = joinDays(await ourDays(db, credential.id, range.from, range.to), theirs);
    await db.tx(async (q) => {
      await q.query('DELETE FROM reconciliation_days WHERE credential_id = $1 AND day >= $2 AND day < $3', [
        credential.id,
        range.from,
        range.to,
      ]);
      for (const row of rows) {
        await q.query(
          `INSERT INTO reconciliation_days (credential_id, day, model, ours_requests, ours_input_tokens,
             ours_output_tokens, ours_cached_tokens, ours_cost_cents, theirs_input_tokens, theirs_output_tokens,
             theirs_cached_tokens, theirs_cost_cents)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            credential.id,
            row.day,
            row.model,
            row.oursRequests,
            row.oursInput,
            row.oursOutput,
            row.oursCached,
            row.oursCostCents,
            row.theirsInput,
            row.theirsOutput,
            row.theirsCached,
            row.theirsCostCents,
          ],
        );
      }
      await q.query('UPDATE provider_credentials SET reconciled_at = now(), reconcile_error = NULL WHERE id = $1', [
        credential.id,
      ]);
    });
    return { ok: true as const, days: rows.length };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.query('UPDATE provider_credentials SET reconciled_at = now(), reconcile_error = $2 WHERE id = $1', [
      credential.id,
      message.slice(0, 500),
    ]);
    return { ok: false as const, error: message };
  }
}

/**
 * Every credential with a usage key, over the last `days` UTC days up to today (a provider's report of a day grows
 * while the day lasts, and settles a little after: each run reads them again). `defaultBaseUrl` gives a credential
 * without a base URL of its own its provider's configured one.
 */
export async function reconcileAll(
  db: Db,
  box: SecretBox,
  options: { days: number; now: Date; baseUrlOf: (provider: GatewayProvider) => string | null },
) {
  const credentials = await db.query<StoredCredential>(
    `SELECT id, provider, base_url, usage_key_ciphertext FROM provider_credentials
     WHERE usage_key_ciphertext IS NOT NULL ORDER BY provider, name`,
  );
  const range = { from: daysBefore(options.now, options.days - 1), to: daysBefore(options.now, -1) };
  let failed = 0;
  let rows = 0;
  for (const credential of credentials) {
    const baseUrl = credential.base_url ?? options.baseUrlOf(credential.provider);
    if (!baseUrl) continue;
    const outcome = await reconcileCredential(
      db,
      credential,
      () => box.open(credential.usage_key_ciphertext),
      baseUrl,
      range,
    );
    if (outcome.ok) rows += outcome.days;
    else failed++;
  }
  return { credentials: credentials.length, failed, rows, ...range };
}
