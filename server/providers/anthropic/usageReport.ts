import { addCost, byDayAndModel, objects, readPages, tokens, utcDay } from '../reports';
import type { ReportedDay, UsageReportSource } from '../types';

const ANTHROPIC_VERSION = '2023-06-01';

/**
 * Anthropic's Usage and Cost Admin API (an admin key, `sk-ant-admin…`): the Messages usage report by day and model
 * (uncached input, cache reads and writes, output), and the cost report by description, whose amounts are decimal
 * strings in cents.
 */
export async function anthropicUsageReport({ baseUrl, adminKey, from, to }: UsageReportSource): Promise<ReportedDay[]> {
  const base = baseUrl.replace(/\/+$/, '');
  const range = `starting_at=${from}T00:00:00Z&ending_at=${to}T00:00:00Z`;
  const headers = { 'x-api-key': adminKey, 'anthropic-version': ANTHROPIC_VERSION };
  const paged = (path: string, query: string) => {
    const first = `${base}${path}?${range}&bucket_width=1d&limit=31&${query}`;
    return readPages(first, headers, (body) =>
      body.has_more === true && typeof body.next_page === 'string'
        ? `${first}&page=${encodeURIComponent(body.next_page)}`
        : null,
    );
  };

  const rows: Omit<ReportedDay, 'costCents'>[] = [];
  for (const page of await paged('/organizations/usage_report/messages', 'group_by[]=model')) {
    for (const bucket of objects(page.data)) {
      const day = utcDay(String(bucket.starting_at));
      for (const result of objects(bucket.results)) {
        if (typeof result.model !== 'string') continue;
        const creation = objects([result.cache_creation])[0] ?? {};
        const written =
          tokens(creation.ephemeral_5m_input_tokens) +
          tokens(creation.ephemeral_1h_input_tokens) +
          tokens(result.cache_creation_5m_input_tokens) +
          tokens(result.cache_creation_1h_input_tokens);
        const read = tokens(result.cache_read_input_tokens);
        rows.push({
          day,
          model: result.model,
          // The gateway's prompt tokens are all input (Anthropic's input_tokens leaves the cache out).
          inputTokens: tokens(result.uncached_input_tokens) + read + written,
          outputTokens: tokens(result.output_tokens),
          cachedTokens: read,
        });
      }
    }
  }

  const costs = new Map<string, number>();
  for (const page of await paged('/organizations/cost_report', 'group_by[]=description')) {
    for (const bucket of objects(page.data)) {
      const day = utcDay(String(bucket.starting_at));
      for (const result of objects(bucket.results)) {
        const cents = Number(result.amount);
        if (typeof result.model !== 'string' || !Number.isFinite(cents)) continue;
        // Cents to micro-dollars: 1 cent is 10,000.
        addCost(costs, day, result.model, Math.round(cents * 10_000));
      }
    }
  }
  return byDayAndModel(rows, costs);
}
