/**
 * The parts of Google's Gemini API wire format (`models/{model}:generateContent` and `:streamGenerateContent`) that
 * the translations read or write, with Google's own field names (lowerCamelCase, as its JSON mapping writes them;
 * geminiFieldNames.ts reads snake_case too). Fields the translations never touch are left out.
 */

export interface GeminiFunctionCall {
  /** Set by newer models; a client sends it back in the matching functionResponse. */
  id?: string;
  name: string;
  args?: Record<string, unknown>;
}

export interface GeminiFunctionResponse {
  id?: string;
  name: string;
  /** Any object; Google reads `output` (or `error`) when present, else the whole object as the function's output. */
  response: Record<string, unknown>;
}

export interface GeminiPart {
  text?: string;
  /** A summary of the model's thinking (with `includeThoughts`), not part of the answer. */
  thought?: boolean;
  thoughtSignature?: string;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType?: string; fileUri: string };
  functionCall?: GeminiFunctionCall;
  functionResponse?: GeminiFunctionResponse;
  [field: string]: unknown;
}

export interface GeminiContent {
  /** `user` or `model`; a single-turn request may leave it out (then `user`). */
  role?: string;
  parts: GeminiPart[];
}

export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  /** OpenAPI 3.0's schema subset, with upper-case type names as Google's SDKs write them (`OBJECT`, `STRING`). */
  parameters?: Record<string, unknown>;
  /** The same as a JSON Schema. */
  parametersJsonSchema?: unknown;
}

/** A client's functions, or one of Google's own tools (`googleSearch`, `codeExecution`, `urlContext`, …). */
export interface GeminiTool {
  functionDeclarations?: GeminiFunctionDeclaration[];
  [tool: string]: unknown;
}

export interface GeminiToolConfig {
  functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] };
  [field: string]: unknown;
}

export interface GeminiGenerationConfig {
  maxOutputTokens?: number;
  candidateCount?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  stopSequences?: string[];
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
  responseMimeType?: string;
  responseSchema?: Record<string, unknown>;
  responseJsonSchema?: unknown;
  responseLogprobs?: boolean;
  logprobs?: number;
  responseModalities?: string[];
  [field: string]: unknown;
}

export interface GeminiRequest {
  contents: GeminiContent[];
  systemInstruction?: GeminiContent;
  tools?: GeminiTool[];
  toolConfig?: GeminiToolConfig;
  generationConfig?: GeminiGenerationConfig;
  /** A context cache stored at Google (`cachedContents/…`): a prompt the gateway cannot see. */
  cachedContent?: string;
  [field: string]: unknown;
}

/**
 * A request at the gateway's Gemini door: Google's body, with what Google's URL carries
 * (`/v1beta/models/{model}:streamGenerateContent`): the model, and whether to stream.
 */
export type GeminiDoorRequest = GeminiRequest & { model: string; stream: boolean };

/**
 * Token counts as Gemini reports them. `promptTokenCount` includes the cached ones (`cachedContentTokenCount`);
 * `toolUsePromptTokenCount` (what Google's own tools fed back to the model) and `thoughtsTokenCount` are counted
 * apart, and `totalTokenCount` is all four. In a stream every chunk may carry them; a later null or missing field
 * means "unchanged".
 */
export interface GeminiUsageMetadata {
  promptTokenCount?: number | null;
  candidatesTokenCount?: number | null;
  thoughtsTokenCount?: number | null;
  cachedContentTokenCount?: number | null;
  toolUsePromptTokenCount?: number | null;
  totalTokenCount?: number | null;
  [field: string]: unknown;
}

export interface GeminiCandidate {
  content?: GeminiContent;
  /** `STOP`, `MAX_TOKENS`, `SAFETY`, `RECITATION`, … (stopReasons.ts); absent until the candidate is finished. */
  finishReason?: string;
  index?: number;
  [field: string]: unknown;
}

export interface GeminiResponse {
  candidates?: GeminiCandidate[];
  /** A prompt blocked before any candidate: `blockReason` says why. */
  promptFeedback?: { blockReason?: string; [field: string]: unknown };
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
  [field: string]: unknown;
}

/** Google's error envelope (google.rpc.Status as JSON), for a client of the Gemini door. */
export interface GeminiErrorBody {
  error: {
    code: number;
    message: string;
    /** The google.rpc.Code name for the HTTP status (`INVALID_ARGUMENT`, `UNAUTHENTICATED`, …). */
    status: string;
    details?: { '@type': string; reason: string; domain: string; metadata?: Record<string, string> }[];
  };
}
