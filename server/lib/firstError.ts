import type { TSchema } from 'typebox';
import type { TLocalizedValidationError } from 'typebox/error';
import { Locale } from 'typebox/system';

/**
 * The one error a request is refused with, out of TypeBox's list, as the server has always named it (TypeBox 0.34's
 * first error): a missing property is its own error at its own path, a failed union is one error at the union (not
 * one per member), and a value's own errors come before those of its parts.
 */
export interface FirstError {
  /** A JSON pointer to the value at fault, or to where a missing property belongs. */
  path: string;
  /** That value's schema: the missing property's, the union's, or the object's that has an unexpected property. */
  schema: TSchema;
  required: boolean;
  message: string;
}

type Node = Record<string, unknown>;

const encode = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const decode = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const depthOf = (pointer: string) => (pointer === '' ? 0 : pointer.split('/').length - 1);

/** Keywords followed by a name or index of theirs in a schema path. */
const NAMED = new Set(['properties', 'patternProperties', 'anyOf', 'allOf', 'oneOf', 'prefixItems', '$defs']);
/** Keywords that step into a part of the value (a property, an item): one step of the value's path each. */
const INTO_VALUE = new Set(['properties', 'patternProperties', 'additionalProperties', 'items', 'prefixItems']);

/**
 * The schema a schema path names ('#/properties/a/items'), and how many steps into the value it is; it stops at the
 * first union on the way. TypeBox lists a failed union's members' errors, then the union's own unless its buffer of
 * errors (Settings.maxErrors) is full: a member's error stands for its union.
 */
function locate(root: TSchema, schemaPath: string): { schema: Node; steps: number; union: boolean } {
  const segments = schemaPath.split('/').slice(1).map(decode);
  let node = root as Node;
  let steps = 0;
  for (let index = 0; index < segments.length; index++) {
    const keyword = segments[index];
    if (keyword === 'anyOf') return { schema: node, steps, union: true };
    if (INTO_VALUE.has(keyword)) steps++;
    node = node[keyword] as Node;
    if (NAMED.has(keyword)) node = node[segments[++index]] as Node;
  }
  return { schema: node, steps, union: false };
}

function reported(root: TSchema, error: TLocalizedValidationError): FirstError {
  const at = locate(root, error.schemaPath);
  const named = (path: string, schema: unknown, message = error.message, required = false): FirstError => ({
    path,
    schema: schema as TSchema,
    required,
    message,
  });
  const localized = (keyword: 'anyOf' | 'additionalProperties', names: string[] = []) =>
    Locale.Get()({ ...error, keyword, params: { additionalProperties: names } });
  if (at.union) {
    const steps = error.instancePath.split('/').slice(0, at.steps + 1);
    return named(steps.join('/'), at.schema, localized('anyOf'));
  }
  if (error.keyword === 'required') {
    const [name] = error.params.requiredProperties;
    const schema = (at.schema.properties as Node | undefined)?.[name] ?? {};
    return named(`${error.instancePath}/${encode(name)}`, schema, error.message, true);
  }
  if (error.keyword === 'additionalProperties') {
    return named(`${error.instancePath}/${encode(error.params.additionalProperties[0])}`, at.schema);
  }
  if (error.keyword === 'boolean' && error.schemaPath.endsWith('/additionalProperties')) {
    // The `false` schema an unexpected property fails: named as the object that holds it names it.
    const holder = locate(root, error.schemaPath.slice(0, -'/additionalProperties'.length)).schema;
    const name = decode(error.instancePath.slice(error.instancePath.lastIndexOf('/') + 1));
    return named(error.instancePath, holder, localized('additionalProperties', [name]));
  }
  return named(error.instancePath, at.schema);
}

/**
 * The error to name out of TypeBox's `errors` for a value against `schema`: the value's own first error, else the
 * first of the part that has the first error, and so on down. TypeBox lists an array's items before its length, and an
 * object's properties before its count of them; the server named the length or the count.
 */
export function firstError(schema: TSchema, errors: TLocalizedValidationError[]): FirstError | undefined {
  let candidates = errors.map((error) => reported(schema, error));
  for (let depth = 0; candidates.length > 0; depth++) {
    const own = candidates.find((candidate) => depthOf(candidate.path) === depth);
    if (own) return own;
    const part = candidates[0].path.split('/')[depth + 1];
    candidates = candidates.filter((candidate) => candidate.path.split('/')[depth + 1] === part);
  }
  return undefined;
}
