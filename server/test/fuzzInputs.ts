import type { Random } from './seededRandom';

/**
 * Values for the fuzz test: what a careless client or an attacker sends. Each list is a class of input that once
 * reached the database or the stack unchecked; a value that breaks the server goes here, so it stays tried.
 */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\t\n\r',
  '💸🚀',
  '\ud800',
  'x'.repeat(600),
  'y'.repeat(70_000),
  "'; DROP TABLE users; --",
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'true',
];

export const HOSTILE_DATES = [
  '2026-02-30',
  '2026-02-29',
  '2024-02-29',
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '2026-13-01',
  '2026-00-10',
  '2026-1-1',
  '+275760-09-13',
  '-000001-01-01',
  '1969-12-31',
  '2026-11-23',
];

export const HOSTILE_DATE_TIMES = [
  '2026-02-30T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '0000-01-01T00:00',
  '9999-12-31T23:59:59.999Z',
  '2026-11-23T24:00:00Z',
  '2026-11-23T23:60:00Z',
  '2026-11-23T12:00:00+25:00',
  '2026-11-23T12:00:00.123456789Z',
  '+275760-09-13T00:00:00Z',
  '2026-11-23T12:00:00Z',
  '2026-11-23T12:00',
  '2026-11-23',
];

export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.004,
  0.005,
  0.01,
  1.005,
  99.999,
  1e-10,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  1e308,
  -1e308,
  123456789.123,
];

export const REAL_STRINGS = [
  'echo/echo-1',
  'anthropic/claude-sonnet-4',
  'gpt-4o',
  'openai',
  'anthropic',
  'WELCOME10',
  'TEAM25',
  'SPRING5',
  'carol@example.com',
  'someone@example.com',
  'alice',
  'standard',
  'user',
  'created_at',
  'amount',
  'Acme AI',
];

/** A JSON text nested `depth` levels deep (a stack-overflow probe for anything that recurses over a body). */
export const deepJson = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

/** Any JSON value at all, of a random kind: for "the wrong type" in a field. */
export function anyValue(random: Random, depth = 0): unknown {
  switch (random.int(0, depth > 2 ? 4 : 6)) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.pick(HOSTILE_NUMBERS);
    case 3:
      return random.pick(HOSTILE_STRINGS);
    case 4:
      return random.pick([...HOSTILE_DATES, ...HOSTILE_DATE_TIMES, ...REAL_STRINGS]);
    case 5:
      return Array.from({ length: random.int(0, 3) }, () => anyValue(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(0, 3) }, () => [random.pick(REAL_STRINGS), anyValue(random, depth + 1)]),
      );
  }
}

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
}

/**
 * A value shaped by a route's own schema, so most requests get past validation into the handler and the database,
 * with a hostile value in some field and the wrong type now and then.
 */
export function fromSchema(schema: JsonSchema | undefined, random: Random, strings: readonly string[]): unknown {
  if (!schema || random.chance(0.08)) return anyValue(random);
  if (schema.anyOf) return fromSchema(random.pick(schema.anyOf), random, strings);
  if (schema.const !== undefined) return schema.const;
  switch (schema.type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {})
        .filter(() => random.chance(0.9))
        .map(([name, property]) => [name, fromSchema(property, random, strings)]);
      if (random.chance(0.1)) entries.push([random.pick(REAL_STRINGS), anyValue(random)]);
      return Object.fromEntries(entries);
    }
    case 'array':
      return Array.from({ length: random.int(0, 3) }, () => fromSchema(schema.items, random, strings));
    case 'string':
      if (schema.format === 'date') return random.pick(HOSTILE_DATES);
      if (schema.format === 'date-time') return random.pick(HOSTILE_DATE_TIMES);
      return random.chance(0.6) ? random.pick(strings) : random.pick(HOSTILE_STRINGS);
    case 'integer':
    case 'number': {
      const inRange =
        schema.minimum !== undefined && schema.maximum !== undefined
          ? random.int(schema.minimum, Math.min(schema.maximum, schema.minimum + 10_000))
          : random.int(0, 1000);
      return random.chance(0.5) ? inRange : random.pick(HOSTILE_NUMBERS);
    }
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    default:
      return anyValue(random);
  }
}
