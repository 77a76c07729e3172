import { addCost, byDayAndModel, objects, readPages, tokens, utcDay } from '../reports';
import type { ReportedDay, UsageReportSource } from '../types';

/**
 * OpenAI's organization Usage and Costs APIs (an admin key, `sk-admin-…`): completions usage by day and model, and
 * costs by day and line item (`"gpt-4o-2024-08-06, input"`), whose amounts are dollars.
 */
export async function openaiUsageReport({ baseUrl, adminKey, from, to }: UsageReportSource): Promise<ReportedDay[]> {
  const base = baseUrl.replace(/\/+$/, '');
  const range = `start_time=${Date.parse(`${from}T00:00:00Z`) / 1000}&end_time=${Date.parse(`${to}T00:00:00Z`) / 1000}`;
  const headers = { authorization: `Bearer ${adminKey}` };
  const paged = (path: string, query: string) => {
    const first = `${base}${path}?${range}&bucket_width=1d&limit=31&${query}`;
    return readPages(first, headers, (body) =>
      body.has_more === true && typeof body.next_page === 'string'
        ? `${first}&page=${encodeURIComponent(body.next_page)}`
        : null,
    );
  };

  const rows: Omit<ReportedDay, 'costCents'>[] = [];
  for (const page of await paged('/organization/usage/completions', 'group_by=model')) {
    for (const bucket of objects(page.data)) {
      const day = utcDay(tokens(bucket.start_time));
      for (const result of objects(bucket.results)) {
        if (typeof result.model !== 'string') continue;
        rows.push({
          day,
          model: result.model,
          // input_tokens includes the cached ones, as the gateway's prompt tokens do.
          inputTokens: tokens(result.input_tokens),
          outputTokens: tokens(result.output_tokens),
          cachedTokens: tokens(result.input_cached_tokens),
        });
      }
    }
  }

  const costs = new Map<string, number>();
  for (const page of await paged('/organization/costs', 'group_by=line_item')) {
    for (const bucket of objects(page.data)) {
      const day = utcDay(tokens(bucket.start_time));
      for (const result of objects(bucket.results)) {
        const lineItem = typeof result.line_item === 'string' ? result.line_item : '';
        const model = lineItem.split(',')[0].trim();
        const amount = objects([result.amount])[0];
        if (!model || typeof amount?.value !== 'number') continue;
        addCost(costs, day, model, Math.round(amount.value * 1_000_000));
      }
    }
  }
  return byDayAndModel(rows, costs);
}
