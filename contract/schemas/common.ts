import { Type, type Static, type TLiteral, type TSchema, type TSchemaOptions, type TUnion } from 'typebox';
export * from '../rules/common';

/** Building blocks shared by every domain file of the wire contract (docs/api-contract.md, Conventions). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A union of the literals in `values`. TypeBox 1.x types a union from a tuple of its members, and a list mapped from
 * `values` is not one (the type would be `never`): typed as one literal of the values' union, which accepts the same.
 */
export const LiteralUnion = <T extends string>(values: readonly T[], options?: TSchemaOptions) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as unknown as TUnion<[TLiteral<T>]>;

/** One object with the properties of all of `objects` (TypeBox 0.34's Composite, which 1.x spells so). */
export const Composite = <T extends TSchema[]>(objects: [...T]) => Type.Evaluate(Type.Intersect(objects));

export const ErrorBody = Type.Object({ code: Type.String(), message: Type.String() });
export type ErrorBody = Static<typeof ErrorBody>;
/** The error responses of a route: the same `{ code, message }` body for each status. */
export const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ErrorBody]));

/** The answer of a delete or cancel that has nothing else to say. */
export const Success = Type.Object({ success: Type.Literal(true) });
export type Success = Static<typeof Success>;

export const IdParams = Type.Object({ id: Type.String() });

/** Past any real list, and within PostgreSQL's OFFSET range (a JavaScript number beyond 2^63 is not). */
export const MAX_OFFSET = 1_000_000_000;
export const Offset = Type.Integer({
  minimum: 0,
  maximum: MAX_OFFSET,
  default: 0,
  errorMessage: `offset must be an integer from 0 to ${MAX_OFFSET}`,
});

export const Limit = (max: number, defaultLimit: number) =>
  Type.Integer({
    minimum: 1,
    maximum: max,
    default: defaultLimit,
    errorMessage: `limit must be an integer from 1 to ${max}`,
  });

export const Pagination = Type.Object({ limit: Limit(500, 50), offset: Offset });
/** What a caller sends: both fields have server defaults. */
export type PageQuery = Partial<Static<typeof Pagination>>;

export const IsoDate = (field: string) =>
  Type.String({
    format: 'date',
    errorMessage: `${field} must be a date in YYYY-MM-DD format`,
  });

export const BooleanQuery = (field: string) => Type.Boolean({ errorMessage: `${field} must be true or false` });

/** `name` is what the message calls the field: a phrase for a form's field ('The expiry'), the name of a query's. */
export const DateTimeString = (name: string) =>
  Type.String({ format: 'date-time', errorMessage: `${name} must be an ISO 8601 date and time.` });

/** What the pricing and routing forms say of a missing model name (also the server's own check, pricing/routes.ts). */
export const MODEL_NAME_MESSAGE = 'Enter a model name.';

/**
 * A page read with a keyset cursor (the request log, the audit log): `cursor` is the previous page's `next_cursor`,
 * opaque to the client; `limit` rows at most.
 */
export const KeysetPageQuery = (maxLimit: number) =>
  Type.Object({
    cursor: Type.Optional(Type.String({ maxLength: 200, errorMessage: 'cursor is not one this server gave' })),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: maxLimit,
        errorMessage: `limit must be an integer from 1 to ${maxLimit}`,
      }),
    ),
  });

/** The rows of a keyset page, and the cursor of the next one (null on the last page). */
export const KeysetPage = <T extends TSchema>(row: T) =>
  Type.Object({
    rows: Type.Array(row),
    /** Pass as `cursor` for the next page; null on the last page. */
    next_cursor: Nullable(Type.String()),
  });
