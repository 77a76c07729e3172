import { Type } from '@fastify/type-provider-typebox';
import { NUL_ALLOWED } from '../lib/validation';

/**
 * What the media doors need of a JSON request (docs/media.md); every other field goes to the provider as is, as the
 * text doors' do (gatewaySchemas.ts). The multipart doors (image edits, transcriptions) are read field by field in
 * media/routes.ts and measured by media/mediaMeasure.ts, which says what is wrong.
 */
const OPEN = { additionalProperties: true, ...NUL_ALLOWED };

const model = Type.String({
  minLength: 1,
  maxLength: 256,
  errorMessage: 'model must be a model name such as "echo/image-1"',
});

/** OpenAI's image generation: a prompt; `n` and `size` are read by the gateway (what is held). */
export const ImageGenerationBody = Type.Object(
  {
    model,
    prompt: Type.String({
      minLength: 1,
      maxLength: 32_000,
      errorMessage: 'prompt must be the text of the image to make',
    }),
  },
  OPEN,
);

/** OpenAI's text to speech: at most 4,096 characters, as OpenAI takes. */
export const SpeechBody = Type.Object(
  {
    model,
    input: Type.String({
      minLength: 1,
      maxLength: 4_096,
      errorMessage: 'input must be the text to speak, of 1 to 4,096 characters',
    }),
    voice: Type.Optional(Type.Unknown()),
  },
  OPEN,
);

/** Cohere's rerank (v1 and v2, which Jina and Voyage share): a query and up to 1,000 documents. */
export const RerankBody = Type.Object(
  {
    model,
    query: Type.String({ minLength: 1, errorMessage: 'query must be the text to rank the documents by' }),
    documents: Type.Array(Type.Union([Type.String(), Type.Object({ text: Type.String() }, OPEN)]), {
      minItems: 1,
      maxItems: 1_000,
      errorMessage: 'documents must be a list of 1 to 1,000 texts, or objects with a text',
    }),
    top_n: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1_000, errorMessage: 'top_n must be a whole number from 1 to 1,000' }),
    ),
  },
  OPEN,
);
