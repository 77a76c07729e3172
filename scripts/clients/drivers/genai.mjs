// Drives Google's `@google/genai` through the gateway's Gemini door, with the SDK's own API version (v1 since its
// version 3): generateContent answered and streamed, and countTokens (scripts/clients/clients.mts).
import { GoogleGenAI } from '@google/genai';

const { GATEWAY_URL, GATEWAY_KEY, GATEWAY_MODEL, PROMPT } = process.env;
const genai = new GoogleGenAI({ apiKey: GATEWAY_KEY, httpOptions: { baseUrl: GATEWAY_URL } });
const say = (call, text) => console.log(JSON.stringify({ call, text }));

const answer = await genai.models.generateContent({ model: GATEWAY_MODEL, contents: `${PROMPT} generate` });
say('generateContent', answer.text);
let streamed = '';
const stream = await genai.models.generateContentStream({ model: GATEWAY_MODEL, contents: `${PROMPT} stream` });
for await (const chunk of stream) streamed += chunk.text ?? '';
say('streamGenerateContent', streamed);
const counted = await genai.models.countTokens({ model: GATEWAY_MODEL, contents: `${PROMPT} count` });
say('countTokens', `${PROMPT} count: ${counted.totalTokens} tokens`);
