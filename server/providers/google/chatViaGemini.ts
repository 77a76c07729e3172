import { Omissions } from '../../formats/translate/omissions';
import { openAiErrorEvent } from '../../formats/openAiEvents';
import { eventRelay } from '../../formats/eventRelay';
import {
  geminiChunkToOpenai,
  geminiStreamEnd,
  geminiStreamFinished,
  newGeminiStreamState,
} from '../../formats/translate/geminiStreamToOpenai';
import { geminiToOpenai } from '../../formats/translate/geminiToOpenai';
import { geminiTokenUsage } from '../../formats/translate/geminiUsage';
import { openaiToGemini } from '../../formats/translate/openaiToGemini';
import type { OpenAiChatRequest } from '../../formats/translate/openaiTypes';
import { eventJson, openAiSse } from '../../formats/sse';
import type { ChatRequest, Conversation, ConversationOptions, StreamRelay } from '../../formats/types';
import { geminiPath, geminiReply, isGeminiResponse, responseChars, streamErrorMessage } from './geminiReplies';

const OPENAI_DONE = 'data: [DONE]\n\n';

/**
 * A Gemini stream as OpenAI chunks (translate/geminiStreamToOpenai.ts). Gemini's stream ends with its body: then, if
 * every candidate finished, the usage chunk the client asked for is forwarded and `data: [DONE]` held back as the
 * receipt. A Gemini error chunk becomes OpenAI's in-stream `{ error }`.
 */
function geminiToChatRelay(model: string, options: ConversationOptions, includeUsage: boolean): StreamRelay {
  let state = newGeminiStreamState({ model, created: options.created, includeUsage });
  return eventRelay(
    (event, progress) => {
      const json = eventJson(event);
      if (json?.error !== undefined) {
        progress.error = json.error;
        const message = streamErrorMessage(json.error);
        return openAiSse({ error: { message, type: 'api_error', code: 'upstream_error', param: null } });
      }
      if (!isGeminiResponse(json)) return '';
      const step = geminiChunkToOpenai(state, json);
      state = step.state;
      progress.usage = geminiTokenUsage(state.usage) ?? progress.usage;
      progress.completionChars += responseChars(json);
      return step.chunks.map(openAiSse).join('');
    },
    openAiErrorEvent,
    (progress) => {
      if (!geminiStreamFinished(state)) return '';
      progress.hold(OPENAI_DONE);
      return geminiStreamEnd(state).map(openAiSse).join('');
    },
  );
}

/** An OpenAI chat completions client answered by a Gemini model through Gemini's native API. */
export function chatViaGemini(body: ChatRequest, model: string, options: ConversationOptions): Conversation {
  const stream = body.stream === true;
  const omissions = new Omissions(options.unsupportedParams);
  return {
    path: geminiPath(model, stream),
    payload: { ...openaiToGemini({ ...body, model } as OpenAiChatRequest, omissions) },
    headers: {},
    stream,
    dropped: omissions.dropped,
    readJson(raw) {
      const response = geminiReply(raw);
      const completion = geminiToOpenai(response, model, options.created);
      return {
        body: JSON.stringify(completion),
        usage: geminiTokenUsage(response.usageMetadata),
        completionChars: responseChars(response),
      };
    },
    relay: () => geminiToChatRelay(model, options, body.stream_options?.include_usage === true),
  };
}
