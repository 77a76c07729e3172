import { Type } from '@fastify/type-provider-typebox';
import { NUL_ALLOWED } from '../lib/validation';

/**
 * What the gateway itself needs from each endpoint's request; every other field is passed to the provider as is
 * (additional properties allowed), so new provider parameters work without a gateway change. The prompts go to the
 * provider and never into our database, so NUL characters in them are the provider's call.
 */
const OPEN = { additionalProperties: true, ...NUL_ALLOWED };

const ErrorDetail = Type.Object({
  message: Type.String(),
  type: Type.String(),
  code: Type.String(),
  param: Type.Union([Type.String(), Type.Null()]),
});
const OpenAiError = Type.Object({ error: ErrorDetail });
/** Anthropic's envelope, for /v1/messages (what the Anthropic SDKs and Claude Code parse). */
const AnthropicError = Type.Object({
  type: Type.Literal('error'),
  error: Type.Object({ type: Type.String(), message: Type.String() }),
});

/** Google's envelope, for the Gemini door (what Google's GenAI SDKs parse). */
const GoogleError = Type.Object({
  error: Type.Object({
    code: Type.Integer(),
    message: Type.String(),
    status: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
  }),
});

const GATEWAY_STATUSES = [400, 401, 402, 404, 413, 415, 422, 429, 500, 502, 504];
export const openAiErrors = (codes = GATEWAY_STATUSES) => Object.fromEntries(codes.map((code) => [code, OpenAiError]));
export const anthropicErrors = () => Object.fromEntries(GATEWAY_STATUSES.map((code) => [code, AnthropicError]));
export const googleErrors = () => Object.fromEntries([...GATEWAY_STATUSES, 403].map((code) => [code, GoogleError]));

const model = Type.String({
  minLength: 1,
  maxLength: 256,
  errorMessage: 'model must be a model name such as "openai/gpt-4o"',
});

const nullableInteger = (name: string, maximum: number) =>
  Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum }), Type.Null()], {
      errorMessage: `${name} must be an integer from 1 to ${maximum}`,
    }),
  );

const stream = Type.Optional(Type.Boolean({ errorMessage: 'stream must be true or false' }));

/**
 * Every message needs a role, and any role is taken: a provider adds roles (Anthropic's `system` inside `messages`,
 * which Claude Code sends behind its beta flags), and a role the gateway does not know goes to a deployment of the
 * same format as the client wrote it. Across formats, a translation maps the roles it knows and refuses the others,
 * naming the message and the deployment (docs/gateway.md, "Compatibility").
 */
const messages = (shape: string) =>
  Type.Array(
    Type.Object(
      {
        role: Type.String({
          minLength: 1,
          maxLength: 64,
          errorMessage: 'every message needs a role, such as "user" or "assistant"',
        }),
      },
      OPEN,
    ),
    { minItems: 1, errorMessage: `messages must be a non-empty array of ${shape}` },
  );

export const ChatBody = Type.Object(
  {
    model,
    messages: messages('{ role, content }'),
    stream,
    stream_options: Type.Optional(
      Type.Union([
        Type.Object({ include_usage: Type.Optional(Type.Boolean()) }, { additionalProperties: true }),
        Type.Null(),
      ]),
    ),
    max_tokens: nullableInteger('max_tokens', 10_000_000),
    max_completion_tokens: nullableInteger('max_completion_tokens', 10_000_000),
    n: nullableInteger('n', 128),
  },
  OPEN,
);

/** Anthropic's Messages API: max_tokens is required there, so it is here. */
export const MessagesBody = Type.Object(
  {
    model,
    messages: messages('{ role, content }'),
    max_tokens: Type.Integer({
      minimum: 1,
      maximum: 10_000_000,
      errorMessage: 'max_tokens is required: an integer from 1 to 10000000',
    }),
    system: Type.Optional(
      Type.Union([Type.String(), Type.Array(Type.Object({}, OPEN))], {
        errorMessage: 'system must be a string or an array of text blocks',
      }),
    ),
    stream,
  },
  OPEN,
);

/**
 * A token count's reply: the provider's own as it sent it (`{ input_tokens }`, `{ totalTokens, … }`), or the
 * gateway's estimate in the same shape.
 */
export const CountReply = Type.Object({}, { additionalProperties: true });

/** Anthropic's `count_tokens`: the Messages request without the output cap, which a count does not need. */
export const MessagesCountBody = Type.Object(
  {
    model,
    messages: messages('{ role, content }'),
    system: MessagesBody.properties.system,
  },
  OPEN,
);

const tokens = Type.Array(Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 }), { minItems: 1, maxItems: 1_000_000 });
export const EmbeddingsBody = Type.Object(
  {
    model,
    input: Type.Union(
      [
        Type.String({ minLength: 1 }),
        Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: 2048 }),
        tokens,
        Type.Array(tokens, { minItems: 1, maxItems: 2048 }),
      ],
      {
        errorMessage: 'input must be a non-empty string, an array of up to 2048 non-empty strings, or token arrays',
      },
    ),
    dimensions: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 65_536, errorMessage: 'dimensions must be a positive integer' }),
    ),
    encoding_format: Type.Optional(
      Type.Union([Type.Literal('float'), Type.Literal('base64')], {
        errorMessage: 'encoding_format must be "float" or "base64"',
      }),
    ),
  },
  OPEN,
);

/**
 * OpenAI's moderations (docs/gateway.md#moderations): a text, texts, or content parts (text and images). The model is
 * required here (OpenAI's has a default): the gateway routes by it.
 */
export const ModerationsBody = Type.Object(
  {
    model,
    input: Type.Union(
      [
        Type.String({ minLength: 1 }),
        Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: 2048 }),
        Type.Array(Type.Object({ type: Type.String() }, OPEN), { minItems: 1, maxItems: 2048 }),
      ],
      { errorMessage: 'input must be a non-empty string, an array of non-empty strings, or an array of content parts' },
    ),
  },
  OPEN,
);

/** OpenAI's Responses API (stateless use: the gateway does not store responses, so `store` is passed on as is). */
export const ResponsesBody = Type.Object(
  {
    model,
    input: Type.Union([Type.String(), Type.Array(Type.Object({}, OPEN), { minItems: 1 })], {
      errorMessage: 'input must be a string or a non-empty array of input items',
    }),
    instructions: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    max_output_tokens: nullableInteger('max_output_tokens', 10_000_000),
    stream,
  },
  OPEN,
);

export const ModelList = Type.Object({
  object: Type.Literal('list'),
  data: Type.Array(
    Type.Object({ id: Type.String(), object: Type.Literal('model'), created: Type.Integer(), owned_by: Type.String() }),
  ),
});

/**
 * Google's Gemini API (`generateContent`): what the gateway itself reads, and what its translations rely on (each
 * part's own fields typed when present), in the lowerCamelCase Google writes (the route renames snake_case first).
 */
const strings = (name: string) => Type.Array(Type.String(), { errorMessage: `${name} must be an array of strings` });
const object = (fields: Parameters<typeof Type.Object>[0] = {}) => Type.Object(fields, OPEN);

const GeminiPart = Type.Object(
  {
    text: Type.Optional(Type.String({ errorMessage: "a part's text must be a string" })),
    inlineData: Type.Optional(object({ mimeType: Type.String(), data: Type.String() })),
    fileData: Type.Optional(object({ fileUri: Type.String() })),
    functionCall: Type.Optional(object({ name: Type.String(), args: Type.Optional(object()) })),
    functionResponse: Type.Optional(
      object({
        name: Type.String(),
        response: Type.Optional(object()),
      }),
    ),
  },
  OPEN,
);

const geminiContent = (name: string) =>
  Type.Object(
    {
      // Gemini's roles are "user" and "model"; another goes to a Gemini deployment as it is, and a translation refuses
      // it (geminiRequestToOpenai.ts).
      role: Type.Optional(
        Type.String({ maxLength: 64, errorMessage: 'role must be a string such as "user" or "model"' }),
      ),
      parts: Type.Array(GeminiPart, { errorMessage: `${name}'s parts must be an array of parts` }),
    },
    { ...OPEN, errorMessage: `${name} must be an object { role, parts }` },
  );

export const GenerateContentBody = Type.Object(
  {
    contents: Type.Array(geminiContent('each content'), {
      minItems: 1,
      errorMessage: 'contents must be a non-empty array of { role, parts }',
    }),
    systemInstruction: Type.Optional(geminiContent('systemInstruction')),
    tools: Type.Optional(
      Type.Array(
        object({
          functionDeclarations: Type.Optional(Type.Array(object({ name: Type.String() }))),
        }),
        { errorMessage: 'tools must be an array of tools' },
      ),
    ),
    toolConfig: Type.Optional(
      object({
        functionCallingConfig: Type.Optional(
          object({
            mode: Type.Optional(Type.String()),
            allowedFunctionNames: Type.Optional(strings('allowedFunctionNames')),
          }),
        ),
      }),
    ),
    generationConfig: Type.Optional(
      object({
        maxOutputTokens: Type.Optional(
          Type.Integer({
            minimum: 1,
            maximum: 10_000_000,
            errorMessage: 'maxOutputTokens must be an integer from 1 to 10000000',
          }),
        ),
        candidateCount: Type.Optional(
          Type.Integer({ minimum: 1, maximum: 8, errorMessage: 'candidateCount must be an integer from 1 to 8' }),
        ),
        stopSequences: Type.Optional(strings('stopSequences')),
        responseModalities: Type.Optional(strings('responseModalities')),
        responseMimeType: Type.Optional(Type.String()),
        responseSchema: Type.Optional(object()),
      }),
    ),
    cachedContent: Type.Optional(Type.String()),
  },
  OPEN,
);

/** The Responses API's `input_tokens`: the request as for `/v1/responses`, its input optional (instructions alone count). */
export const ResponsesCountBody = Type.Object(
  {
    model,
    input: Type.Optional(ResponsesBody.properties.input),
    instructions: ResponsesBody.properties.instructions,
  },
  OPEN,
);

/** `?alt=sse` asks for server-sent events (the only stream the gateway sends); `?key=` is one place for the key. */
export const GeminiQuery = Type.Object(
  { alt: Type.Optional(Type.String()), key: Type.Optional(Type.String()) },
  { additionalProperties: true },
);
