import type { GatewayError } from './gatewayError';
import { openAiSse } from './sse';

/** The OpenAI in-stream error event: `data: {"error": …}`, then the stream ends. */
export const openAiErrorEvent = (error: GatewayError) => openAiSse(error.body());
