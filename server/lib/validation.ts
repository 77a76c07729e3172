import type { FastifySchemaCompiler } from 'fastify';
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import { HttpError } from './errors';

FormatRegistry.Set(
  'date',
  (value) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(Date.parse(value)) &&
    new Date(value).toISOString().startsWith(value),
);
FormatRegistry.Set(
  'date-time',
  (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)),
);
// Surrounding whitespace is tolerated: handlers trim.
FormatRegistry.Set('email', (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()));

/**
 * TypeBox validation for every route. Query strings and params are converted (they arrive as strings); bodies are not,
 * so `"100"` is rejected where a number is expected. The first error becomes `{ code: VALIDATION_ERROR, message }`
 * naming the field; a schema may carry its own `errorMessage`.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = TypeCompiler.Compile(schema);
  return (input: unknown) => {
    const withDefaults = Value.Default(schema, input ?? (schema.type === 'object' ? {} : input));
    const value = httpPart === 'body' ? withDefaults : Value.Convert(schema, withDefaults);
    if (check.Check(value)) return { value };
    const first = check.Errors(value).First();
    return { error: new HttpError(400, 'VALIDATION_ERROR', describe(first, httpPart ?? 'request')) };
  };
};

type FirstError =
  ReturnType<ReturnType<typeof TypeCompiler.Compile>['Errors']> extends { First(): infer E } ? E : never;

function describe(error: FirstError, httpPart: string): string {
  if (!error) return `${httpPart} is invalid`;
  const field = error.path.replace(/^\//, '').replace(/\//g, '.') || (httpPart === 'body' ? 'body' : httpPart);
  const custom = (error.schema as { errorMessage?: string }).errorMessage;
  if (custom) return custom;
  if (error.type === ValueErrorType.ObjectRequiredProperty) return `${field} is required`;
  if (field === 'body') return 'body must be a JSON object';
  return `${field} is invalid: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`;
}
