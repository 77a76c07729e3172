/**
 * npm run try:gateway — calls the running gateway the way a team's tools do, with the official SDKs: the Anthropic
 * SDK on /v1/messages, the OpenAI SDK on /v1/embeddings, a chat completion on the demo route `echo/flaky`, whose
 * first deployment always fails (docs/gateway.md#model-routes), and Google's GenAI SDK streaming from the Gemini door
 * (/v1beta/models/…:streamGenerateContent). Every call shows on the dashboard with its cost.
 *
 *   KEY=sk-... npm run try:gateway            # against http://localhost:8080
 *   GATEWAY_URL=http://host:port KEY=sk-... npm run try:gateway
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI, type GenerateContentResponseUsageMetadata } from '@google/genai';
import OpenAI from 'openai';

const origin = (process.env.GATEWAY_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const key = process.env.KEY;
if (!key) {
  console.error('Set KEY to an API key: sign in, create one on the API Keys page, then KEY=sk-... npm run try:gateway');
  process.exit(2);
}

const claude = new Anthropic({ apiKey: key, baseURL: origin, maxRetries: 0 });
const openai = new OpenAI({ apiKey: key, baseURL: `${origin}/v1`, maxRetries: 0 });
const gemini = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: origin } });

async function main() {
  const message = await claude.messages.create({
    model: 'echo/echo-1',
    max_tokens: 100,
    messages: [{ role: 'user', content: 'Hello from the Anthropic SDK' }],
  });
  const text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
  console.log(`POST /v1/messages (Anthropic SDK), echo/echo-1: "${text}"`);
  console.log(`  usage: ${message.usage.input_tokens} input + ${message.usage.output_tokens} output tokens`);

  const embeddings = await openai.embeddings.create({ model: 'echo/embed-1', input: 'A sentence to embed' });
  const vector = embeddings.data[0].embedding;
  console.log(`POST /v1/embeddings (OpenAI SDK), echo/embed-1: ${vector.length} dimensions`);
  console.log(`  [${vector.map((x) => x.toFixed(3)).join(', ')}], ${embeddings.usage.prompt_tokens} input tokens`);

  const { data, response } = await openai.chat.completions
    .create({ model: 'echo/flaky', messages: [{ role: 'user', content: 'Hello from a route that falls back' }] })
    .withResponse();
  console.log(`POST /v1/chat/completions (OpenAI SDK), echo/flaky: "${data.choices[0].message.content}"`);
  const tries = Number(response.headers.get('x-gateway-attempts'));
  console.log(
    `  answered by ${response.headers.get('x-gateway-deployment')} ` +
      (tries > 1
        ? `at try ${tries}; the failed tries are on Usage Reports at $0.00`
        : 'at once: the failing deployment is cooling down after three failures in a row (30 s)'),
  );

  const stream = await gemini.models.generateContentStream({
    model: 'echo/echo-1',
    contents: 'Hello from the GenAI SDK',
  });
  const chunks: string[] = [];
  let usage: GenerateContentResponseUsageMetadata | undefined;
  for await (const chunk of stream) {
    chunks.push(chunk.text ?? '');
    usage = chunk.usageMetadata ?? usage;
  }
  console.log(`POST /v1beta/models/echo/echo-1:streamGenerateContent (GenAI SDK): "${chunks.join('')}"`);
  console.log(
    `  ${chunks.length} chunks; usage: ${usage?.promptTokenCount} prompt + ${usage?.candidatesTokenCount} output tokens`,
  );
}

/** Whether the SDK could not reach the server at all (nothing listening there), as opposed to an error it answered. */
const unreachable = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'APIConnectionError' || /ECONNREFUSED|fetch failed|Connection error/.test(error.message));

main().catch((error: unknown) => {
  if (unreachable(error)) {
    console.error(
      `Could not reach the gateway at ${origin}: is npm start running there? If it listens on another port, ` +
        `run GATEWAY_URL=http://localhost:<port> KEY=sk-... npm run try:gateway.`,
    );
  } else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
