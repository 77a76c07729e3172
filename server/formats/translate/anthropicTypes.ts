/**
 * The parts of Anthropic's Messages API wire format that the translation reads or writes (request, response and
 * stream events), with Anthropic's own field names. Fields the translation never touches are left out.
 */

export type AnthropicImageSource = { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string };

export interface AnthropicTextBlock {
  type: 'text';
  text: string;
}

export interface AnthropicImageBlock {
  type: 'image';
  source: AnthropicImageSource;
}

export interface AnthropicToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | (AnthropicTextBlock | AnthropicImageBlock)[];
  is_error?: boolean;
}

export interface AnthropicThinkingBlock {
  type: 'thinking' | 'redacted_thinking';
  thinking?: string;
  signature?: string;
  data?: string;
}

/** Blocks the translation refuses (documents, server tools' blocks) still have to be recognised to be named. */
export interface AnthropicOtherBlock {
  type: 'document' | 'server_tool_use' | 'web_search_tool_result' | 'search_result' | 'container_upload';
  [field: string]: unknown;
}

export type AnthropicContentBlock =
  | AnthropicTextBlock
  | AnthropicImageBlock
  | AnthropicToolUseBlock
  | AnthropicToolResultBlock
  | AnthropicThinkingBlock
  | AnthropicOtherBlock;

export interface AnthropicMessage {
  /** `system` inside `messages` is a beta of Anthropic's (Claude Code sends it); a client may send any other. */
  role: 'user' | 'assistant' | 'system' | (string & {});
  content: string | AnthropicContentBlock[];
}

/** A client tool has no `type` (or `custom`); a server tool (`web_search_20250305`, …) names its version. */
export interface AnthropicTool {
  type?: string;
  name: string;
  description?: string;
  input_schema?: Record<string, unknown>;
}

export type AnthropicToolChoice =
  | { type: 'auto' | 'any' | 'none'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean };

export interface AnthropicRequest {
  model: string;
  messages: AnthropicMessage[];
  max_tokens: number;
  system?: string | AnthropicTextBlock[];
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  stream?: boolean;
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  metadata?: { user_id?: string };
  thinking?: unknown;
  [field: string]: unknown;
}

export type AnthropicStopReason =
  'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal' | 'model_context_window_exceeded';

export interface AnthropicUsage {
  /** Input tokens neither read from nor written to the cache: the three input counts add up to the whole prompt. */
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

export interface AnthropicResponse {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: AnthropicContentBlock[];
  stop_reason: AnthropicStopReason | null;
  stop_sequence: string | null;
  usage: AnthropicUsage;
}

export type AnthropicDelta =
  | { type: 'text_delta'; text: string }
  | { type: 'input_json_delta'; partial_json: string }
  | { type: 'thinking_delta'; thinking: string }
  | { type: 'signature_delta'; signature: string };

export interface AnthropicErrorBody {
  type: 'error';
  error: { type: string; message: string };
}

export type AnthropicStreamEvent =
  | { type: 'message_start'; message: AnthropicResponse }
  | { type: 'content_block_start'; index: number; content_block: AnthropicContentBlock }
  | { type: 'content_block_delta'; index: number; delta: AnthropicDelta }
  | { type: 'content_block_stop'; index: number }
  | {
      type: 'message_delta';
      delta: { stop_reason: AnthropicStopReason | null; stop_sequence: string | null };
      /** Cumulative; `output_tokens` always, the input counts when the API reports them here too. */
      usage: Partial<AnthropicUsage>;
    }
  | { type: 'message_stop' }
  | { type: 'ping' }
  | AnthropicErrorBody;
