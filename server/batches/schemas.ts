import { Type } from '@fastify/type-provider-typebox';

/** OpenAI's Files and Batch APIs' requests (docs/batches.md): what the routes read; anything else is ignored. */
const id = (what: string, prefix: string) =>
  Type.String({ minLength: 1, maxLength: 100, errorMessage: `${what} must be an id such as "${prefix}abc123"` });

export const FileParams = Type.Object({ file_id: id('file_id', 'file-') });
export const BatchParams = Type.Object({ batch_id: id('batch_id', 'batch_') });

const limit = Type.Optional(
  Type.Integer({ minimum: 1, maximum: 10_000, errorMessage: 'limit must be an integer from 1 to 10000' }),
);

export const FileListQuery = Type.Object({
  purpose: Type.Optional(Type.String({ maxLength: 64 })),
  limit,
  after: Type.Optional(Type.String({ maxLength: 100 })),
  order: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], { errorMessage: 'order must be "asc" or "desc"' }),
  ),
});

export const BatchListQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, errorMessage: 'limit must be an integer from 1 to 100' }),
  ),
  after: Type.Optional(Type.String({ maxLength: 100 })),
});

export const NewBatchBody = Type.Object(
  {
    input_file_id: id('input_file_id', 'file-'),
    endpoint: Type.String({
      minLength: 1,
      maxLength: 100,
      errorMessage: 'endpoint must be a path such as "/v1/chat/completions"',
    }),
    completion_window: Type.String({ minLength: 1, maxLength: 16, errorMessage: 'completion_window must be "24h"' }),
    metadata: Type.Optional(
      Type.Union(
        [
          Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 512 }), { maxProperties: 16 }),
          Type.Null(),
        ],
        {
          errorMessage:
            'metadata must be an object of at most 16 string values (keys up to 64 characters, values up to 512)',
        },
      ),
    ),
  },
  { additionalProperties: true },
);

/** The purposes a file may be uploaded for (OpenAI's; only `batch` files are read by the gateway). */
export const FILE_PURPOSES = ['batch', 'assistants', 'fine-tune', 'vision', 'user_data', 'evals'] as const;
