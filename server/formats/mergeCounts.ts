type Counts = { [field: string]: unknown };
const isCounts = (value: unknown): value is Counts =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Two usage reports of one answer, merged field by field, nested objects too: a later count replaces an earlier one,
 * a later null or missing field never does (Anthropic's SDK types a message_delta's input_tokens as `number | null`,
 * null meaning "unchanged"). Every format reports counts in objects (OpenAI's `usage` and its `…_details`, the
 * Responses API's, Anthropic's `usage`, Gemini's `usageMetadata`), so this one function merges them all.
 */
export function mergeCounts<T extends object>(earlier: T | null | undefined, later: T | null | undefined): T | null {
  if (!isCounts(later)) return earlier ?? null;
  if (!isCounts(earlier)) return later;
  const merged: Counts = { ...earlier };
  for (const [field, value] of Object.entries(later)) {
    if (value === null || value === undefined) continue;
    merged[field] = isCounts(value) ? mergeCounts(isCounts(merged[field]) ? merged[field] : null, value) : value;
  }
  return merged as T;
}
