import type { UpstreamReply } from '../../upstream';
import { estimateTokens, lastUserText, promptEstimate, promptText } from '../../../formats/tokens';
import {
  type EchoCall,
  ECHO_MODEL,
  cutAnswer,
  echoId,
  jsonReply,
  listOf,
  modelOf,
  reply,
  unixSeconds,
  words,
} from './common';
import type {
  OpenAiChatChunk,
  OpenAiChatResponse,
  OpenAiFinishReason,
  OpenAiUsage,
} from '../../../formats/translate/openaiTypes';

/** `/chat/completions` in OpenAI's format, streamed a word per chunk, with the usage chunk last. */
export function chatReply({ payload, signal }: EchoCall): UpstreamReply {
  const messages = listOf<{ role?: unknown; content?: unknown }>(payload.messages);
  const { answer, cut } = cutAnswer(lastUserText(messages), payload.max_completion_tokens ?? payload.max_tokens);
  const promptTokens = promptEstimate(promptText({ ...payload, messages }));
  const completionTokens = estimateTokens(answer);
  const usage: OpenAiUsage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  const finish: OpenAiFinishReason = cut ? 'length' : 'stop';
  const head = { id: echoId('chatcmpl-echo-'), created: unixSeconds(), model: modelOf(payload, ECHO_MODEL) };
  if (payload.stream === true) return reply(200, chatChunks(head, answer, finish, usage), signal);
  const completion: OpenAiChatResponse = {
    ...head,
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: answer, refusal: null },
        logprobs: null,
        finish_reason: finish,
      },
    ],
    usage,
  };
  return jsonReply(200, completion, signal);
}

type ChunkHead = Pick<OpenAiChatChunk, 'id' | 'created' | 'model'>;

function* chatChunks(head: ChunkHead, answer: string, finish: OpenAiFinishReason, usage: OpenAiUsage) {
  const chunk = (choices: OpenAiChatChunk['choices'], extra: Partial<OpenAiChatChunk> = {}) => {
    const data: OpenAiChatChunk = { ...head, object: 'chat.completion.chunk', choices, ...extra };
    return `data: ${JSON.stringify(data)}\n\n`;
  };
  yield chunk([{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }]);
  for (const word of words(answer)) {
    yield chunk([{ index: 0, delta: { content: word }, logprobs: null, finish_reason: null }]);
  }
  yield chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finish }]);
  yield chunk([], { usage });
  yield 'data: [DONE]\n\n';
}
