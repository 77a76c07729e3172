/**
 * OpenAI carries tool call arguments as a JSON string, Anthropic as an object: the object, or null when the string is
 * not a JSON object. Empty arguments (a tool without parameters, on some providers) are an empty object.
 */
export function toolArgumentsObject(json: string): Record<string, unknown> | null {
  if (json === '') return {};
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
