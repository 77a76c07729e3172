// Drives the Vercel AI SDK (`ai` with `@ai-sdk/openai`, `@ai-sdk/anthropic` and `@ai-sdk/google`) through the
// gateway's three formats, each answered and streamed (scripts/clients/clients.mts).
import { generateText, streamText } from 'ai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';

globalThis.AI_SDK_LOG_WARNINGS = false;
const { GATEWAY_URL, GATEWAY_KEY, GATEWAY_MODEL, PROMPT } = process.env;
const say = (call, text) => console.log(JSON.stringify({ call, text }));
const providers = {
  'openai chat': createOpenAI({ apiKey: GATEWAY_KEY, baseURL: `${GATEWAY_URL}/v1` }).chat(GATEWAY_MODEL),
  'openai responses': createOpenAI({ apiKey: GATEWAY_KEY, baseURL: `${GATEWAY_URL}/v1` }).responses(GATEWAY_MODEL),
  anthropic: createAnthropic({ apiKey: GATEWAY_KEY, baseURL: `${GATEWAY_URL}/v1` })(GATEWAY_MODEL),
  // A model id with a `/` is read as a resource path by @ai-sdk/google: `models/` says it is a model.
  google: createGoogleGenerativeAI({ apiKey: GATEWAY_KEY, baseURL: `${GATEWAY_URL}/v1beta` })(
    `models/${GATEWAY_MODEL}`,
  ),
};
for (const [name, model] of Object.entries(providers)) {
  say(name, (await generateText({ model, prompt: `${PROMPT} ${name}` })).text);
  let streamed = '';
  for await (const delta of streamText({ model, prompt: `${PROMPT} ${name} stream` }).textStream) streamed += delta;
  say(`${name} stream`, streamed);
}
