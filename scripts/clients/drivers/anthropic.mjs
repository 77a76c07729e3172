// Drives the official `@anthropic-ai/sdk` through the gateway: Messages answered and streamed, and a token count
// (scripts/clients/clients.mts). One JSON line per call: { call, text }.
import Anthropic from '@anthropic-ai/sdk';

const { GATEWAY_URL, GATEWAY_KEY, GATEWAY_MODEL, PROMPT } = process.env;
const claude = new Anthropic({ apiKey: GATEWAY_KEY, baseURL: GATEWAY_URL, maxRetries: 0 });
const say = (call, text) => console.log(JSON.stringify({ call, text }));
const textOf = (message) => message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');

say(
  'messages',
  textOf(
    await claude.messages.create({
      model: GATEWAY_MODEL,
      max_tokens: 256,
      messages: [{ role: 'user', content: `${PROMPT} messages` }],
    }),
  ),
);
const stream = claude.messages.stream({
  model: GATEWAY_MODEL,
  max_tokens: 256,
  messages: [{ role: 'user', content: `${PROMPT} messages stream` }],
});
say('messages stream', textOf(await stream.finalMessage()));
const counted = await claude.messages.countTokens({
  model: GATEWAY_MODEL,
  messages: [{ role: 'user', content: `${PROMPT} count` }],
});
say('count_tokens', `${PROMPT} count: ${counted.input_tokens} tokens`);
