import { Type, type TObject, type TOptional, type TProperties, type TSchema } from 'typebox';
import { Memory } from 'typebox/system';

/**
 * The tolerant reader (docs/api-contract.md, "Fields beyond the spec"). The product spec names the fields of each
 * answer the dashboard reads; every other field is ours, added since, and an older server (a rolling upgrade, an
 * instance not yet upgraded) does not send it. Such a field is declared with `Extension`: optional in its type, so
 * the compiler makes every reader choose what its absence shows (hidden, or a neutral default), and marked, so the
 * tests can take every extension out of an answer (`specOnly`) or one at a time (`optionalPaths`, `withoutPath`).
 * The server still sends every field: a response schema's optional field is serialised when present.
 */
export const EXTENSION = Symbol.for('ai-model-gateway.extension');

/** A field the product spec does not name: optional in the type, sent by this server, missing from older ones. */
export const Extension = <T extends TSchema>(schema: T): TOptional<T> =>
  // Marked as TypeBox marks its own kinds (a hidden property): a copy by spread would drop those.
  Type.Optional(Memory.Update(schema, { [EXTENSION]: true }, {}) as T) as unknown as TOptional<T>;

/** Every property of an object schema as an extension (a group of fields added together, such as a key's limits). */
export function Extensions<P extends TProperties>(schema: TObject<P>): TObject<{ [K in keyof P]: TOptional<P[K]> }> {
  const properties = Object.entries(schema.properties).map(([key, value]) => [key, Extension(value)]);
  return Type.Object(Object.fromEntries(properties) as TProperties) as TObject<{ [K in keyof P]: TOptional<P[K]> }>;
}

type Json = unknown;
type Path = (string | number)[];
/** The JSON Schema keywords the walk reads (a TypeBox 1.x TSchema declares none). */
interface Node {
  type?: unknown;
  anyOf?: TSchema[];
  items?: TSchema;
  properties?: Record<string, TSchema>;
  patternProperties?: Record<string, TSchema>;
}

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The member of a union that describes `value` (an object or an array); undefined for scalars and null. */
function unionMember(schema: TSchema, value: Json): TSchema | undefined {
  const members = (schema as Node).anyOf ?? [];
  if (Array.isArray(value)) return members.find((member) => (member as Node).type === 'array');
  if (isRecord(value)) return members.find((member) => (member as Node).type === 'object');
  return undefined;
}

/**
 * Calls `visit(schema, value, path)` for every field of `value` that `schema` declares, depth first, children before
 * their parent's remaining siblings (so a visitor may delete the field it is given).
 */
function walk(
  schema: TSchema,
  value: Json,
  path: Path,
  visit: (field: TSchema, holder: Record<string, Json>, key: string, path: Path) => void,
): void {
  if (Type.IsUnion(schema)) {
    const member = unionMember(schema, value);
    if (member) walk(member, value, path, visit);
    return;
  }
  const { items, properties, patternProperties } = schema as Node;
  if (Array.isArray(value) && items) {
    value.forEach((item, index) => walk(items, item, [...path, index], visit));
    return;
  }
  if (!isRecord(value)) return;
  if (properties) {
    for (const [key, field] of Object.entries(properties)) {
      if (!(key in value)) continue;
      walk(field, value[key], [...path, key], visit);
      visit(field, value, key, [...path, key]);
    }
    return;
  }
  // Type.Record: every value has the pattern's schema.
  const [pattern] = Object.values(patternProperties ?? {});
  if (pattern) for (const [key, item] of Object.entries(value)) walk(pattern, item, [...path, key], visit);
}

const copy = <T>(value: T): T => structuredClone(value);

/** `value` with every extension field taken out, at any depth: the answer a server of the spec alone would send. */
export function specOnly<T>(schema: TSchema, value: T): T {
  const result = copy(value);
  walk(schema, result, [], (field, holder, key) => {
    if ((field as { [EXTENSION]?: boolean })[EXTENSION]) delete holder[key];
  });
  return result;
}

/** The paths of every optional field present in `value` (extensions and fields the contract already made optional). */
export function optionalPaths(schema: TSchema, value: Json): Path[] {
  const paths: Path[] = [];
  walk(schema, value, [], (field, _holder, _key, path) => {
    if (Type.IsOptional(field)) paths.push(path);
  });
  return paths;
}

/** `value` without the field at `path`. */
export function withoutPath<T>(value: T, path: Path): T {
  const result = copy(value);
  let holder: Json = result;
  for (const key of path.slice(0, -1)) holder = (holder as Record<string | number, Json>)[key];
  delete (holder as Record<string | number, Json>)[path[path.length - 1]];
  return result;
}
