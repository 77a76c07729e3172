/**
 * What the database can store of a bill's text. PostgreSQL's `text` refuses NUL ("invalid byte sequence for encoding
 * UTF8: 0x00"), and its `jsonb` refuses `\u0000` and half a surrogate pair; a bill is written in one statement with
 * the rest of its batch (writeBills.ts), so one such character in one bill kept every bill of the batch out of the
 * database. They reach a bill from outside: a provider's error message quoting the client's input (OpenAI's "Invalid
 * value: '…'"), a tool's result kept for a team that captures content (docs/mcp.md#content-capture). Each becomes
 * U+FFFD, as the drivers already make half a surrogate pair in `text` when they encode it as UTF-8.
 */
const REPLACEMENT = '\ufffd';
/** Half a surrogate pair: a high one not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text for a `text` column: NUL replaced (the drivers replace half a surrogate pair themselves). */
export const storableText = (text: string): string =>
  text.includes('\u0000') ? text.replaceAll('\u0000', REPLACEMENT) : text;

/** Text inside a `jsonb` value: NUL and half a surrogate pair replaced. */
const storableJsonText = (text: string): string => storableText(text).replace(LONE_SURROGATE, REPLACEMENT);

/** A JSON value for a `jsonb` column, every string and member name storable; its shape and other values unchanged. */
export function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return storableJsonText(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([member, item]) => [storableJsonText(member), storableJson(item)]),
  );
}
