// Drives the official `openai` SDK through the gateway: chat completions and the Responses API, each answered and
// streamed (scripts/clients/clients.mts). One JSON line per call: { call, text }.
import OpenAI from 'openai';

const { GATEWAY_URL, GATEWAY_KEY, GATEWAY_MODEL, PROMPT } = process.env;
const openai = new OpenAI({ apiKey: GATEWAY_KEY, baseURL: `${GATEWAY_URL}/v1`, maxRetries: 0 });
const say = (call, text) => console.log(JSON.stringify({ call, text }));

const chat = await openai.chat.completions.create({
  model: GATEWAY_MODEL,
  messages: [{ role: 'user', content: `${PROMPT} chat` }],
});
say('chat', chat.choices[0].message.content);

let streamed = '';
const stream = await openai.chat.completions.create({
  model: GATEWAY_MODEL,
  messages: [{ role: 'user', content: `${PROMPT} chat stream` }],
  stream: true,
  stream_options: { include_usage: true },
});
for await (const chunk of stream) streamed += chunk.choices[0]?.delta?.content ?? '';
say('chat stream', streamed);

const response = await openai.responses.create({ model: GATEWAY_MODEL, input: `${PROMPT} responses` });
say('responses', response.output_text);

let responseText = '';
const events = await openai.responses.create({
  model: GATEWAY_MODEL,
  input: `${PROMPT} responses stream`,
  stream: true,
});
for await (const event of events) if (event.type === 'response.output_text.delta') responseText += event.delta;
say('responses stream', responseText);
