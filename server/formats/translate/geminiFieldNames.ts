/**
 * Google's JSON mapping reads a request's field names in either case, its protos' own (`system_instruction`,
 * `inline_data`, `max_output_tokens`, as Google's REST examples often write them) or lowerCamelCase (what its SDKs
 * send). The gateway reads lowerCamelCase, so a request is renamed to it first, in place (a field written both ways
 * keeps its lowerCamelCase value); what the client owns inside it (a function's arguments and result, a schema,
 * labels) keeps its names. Without recursion: a body may be deep.
 */
const CLIENT_OWNED = new Set([
  'args',
  'response',
  'parameters',
  'parametersJsonSchema',
  'responseSchema',
  'responseJsonSchema',
  'labels',
]);

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

export function renameGeminiFields(body: unknown): void {
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (typeof value === 'object' && value !== null) {
      const fields = value as Record<string, unknown>;
      for (const name of Object.keys(fields)) {
        const field = camel(name);
        if (field !== name) {
          if (!Object.hasOwn(fields, field)) fields[field] = fields[name];
          delete fields[name];
        }
        if (!CLIENT_OWNED.has(field)) stack.push(fields[field]);
      }
    }
  }
}
