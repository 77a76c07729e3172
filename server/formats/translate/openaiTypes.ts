/**
 * The parts of OpenAI's chat completions wire format that the translation reads or writes (request, response and
 * stream chunk), with OpenAI's own field names. Fields the translation never touches are left out.
 */

export interface OpenAiTextPart {
  type: 'text';
  text: string;
}

export interface OpenAiImagePart {
  type: 'image_url';
  image_url: { url: string; detail?: 'auto' | 'low' | 'high' };
}

/** Parts the translation refuses (audio, files) still have to be recognised to be named in the refusal. */
export interface OpenAiOtherPart {
  type: 'input_audio' | 'file' | 'refusal';
  [field: string]: unknown;
}

export type OpenAiContentPart = OpenAiTextPart | OpenAiImagePart | OpenAiOtherPart;

export interface OpenAiToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type OpenAiMessage =
  | { role: 'system' | 'developer'; content: string | OpenAiTextPart[]; name?: string }
  | { role: 'user'; content: string | OpenAiContentPart[]; name?: string }
  | {
      role: 'assistant';
      content?: string | OpenAiContentPart[] | null;
      tool_calls?: OpenAiToolCall[];
      refusal?: string | null;
      name?: string;
    }
  | { role: 'tool'; content: string | OpenAiTextPart[]; tool_call_id: string }
  | { role: 'function'; content: string | null; name: string };

export interface OpenAiTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean };
}

export type OpenAiToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

export interface OpenAiChatRequest {
  model: string;
  messages: OpenAiMessage[];
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  top_p?: number;
  stop?: string | string[] | null;
  stream?: boolean;
  stream_options?: { include_usage?: boolean } | null;
  tools?: OpenAiTool[];
  tool_choice?: OpenAiToolChoice;
  parallel_tool_calls?: boolean;
  user?: string;
  metadata?: Record<string, string>;
  n?: number;
  logprobs?: boolean;
  top_logprobs?: number;
  logit_bias?: Record<string, number> | null;
  presence_penalty?: number | null;
  frequency_penalty?: number | null;
  response_format?: { type: 'text' | 'json_object' | 'json_schema'; [field: string]: unknown };
  modalities?: string[];
  audio?: unknown;
  functions?: unknown;
  function_call?: unknown;
  [field: string]: unknown;
}

export type OpenAiFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call';

export interface OpenAiUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** `cache_write_tokens` is OpenRouter's; OpenAI itself reports only `cached_tokens`. */
  prompt_tokens_details?: { cached_tokens?: number; cache_write_tokens?: number };
}

export interface OpenAiAssistantMessage {
  role: 'assistant';
  content: string | null;
  refusal: string | null;
  tool_calls?: OpenAiToolCall[];
}

export interface OpenAiChatResponse {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: { index: number; message: OpenAiAssistantMessage; finish_reason: OpenAiFinishReason; logprobs: null }[];
  usage?: OpenAiUsage;
}

/** A tool call in a stream: the first delta of a call carries `id`, `type` and the name; later ones only arguments. */
export interface OpenAiToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

export interface OpenAiChunkChoice {
  index: number;
  delta: { role?: 'assistant'; content?: string | null; tool_calls?: OpenAiToolCallDelta[]; refusal?: string | null };
  finish_reason: OpenAiFinishReason | null;
  logprobs?: null;
}

export interface OpenAiChatChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: OpenAiChunkChoice[];
  /** With `stream_options.include_usage`: null on every chunk but the last, which has no choices and the usage. */
  usage?: OpenAiUsage | null;
}
