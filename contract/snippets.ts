// Ready-to-run snippets for a key (docs/rules.md#key-snippets): the dashboard shows them once after a key is created,
// with the secret in them, and from "Use this key" on any key with a placeholder where the secret goes (the secret is
// never stored); server/test/keySnippets.test.ts runs them against a running gateway.
import { GATEWAY_ENDPOINTS } from './endpoints';

export const KEY_PLACEHOLDER = 'YOUR_API_KEY';
/** The model the snippets call unless one is picked: the demo's echo model answers offline. */
export const DEFAULT_SNIPPET_MODEL = 'echo/echo-1';

export type SnippetId = 'curl' | 'openai-js' | 'openai-python' | 'anthropic-js' | 'claude-code' | 'codex';

export interface Snippet {
  id: SnippetId;
  label: string;
  /** The language for a screen reader and the file a person would save it as. */
  language: 'shell' | 'javascript' | 'python' | 'toml';
  code: string;
}

const PROMPT = 'Say hello to the gateway';

/**
 * Codex CLI's settings for the gateway (~/.codex/config.toml): a model provider of its own that speaks the Responses
 * API (Codex's wire protocol; its "chat" one is gone from current versions), its key read from GATEWAY_API_KEY. The
 * key snippet shows it and `npm run test:clients` runs Codex with it (scripts/clients/clients.mts).
 */
export function codexConfig(v1BaseUrl: string, model: string): string {
  const q = JSON.stringify;
  return [
    `model = ${q(model)}`,
    `model_provider = "gateway"`,
    ``,
    `[model_providers.gateway]`,
    `name = "AI Model Gateway"`,
    `base_url = ${q(v1BaseUrl)}`,
    `env_key = "GATEWAY_API_KEY"`,
    `wire_api = "responses"`,
  ].join('\n');
}

/**
 * The snippets for `baseUrl` (the gateway's origin, no trailing slash), `key` (the secret, or KEY_PLACEHOLDER) and
 * `model`. Strings are JSON-quoted so a model name never breaks out of its quotes.
 */
export function keySnippets(baseUrl: string, key: string, model = DEFAULT_SNIPPET_MODEL): Snippet[] {
  const origin = baseUrl.replace(/\/+$/, '');
  const v1 = `${origin}/v1`;
  const q = JSON.stringify;
  const chatBody = JSON.stringify({ model, messages: [{ role: 'user', content: PROMPT }] });
  return [
    {
      id: 'curl',
      label: 'curl',
      language: 'shell',
      code: [
        `curl ${origin}${GATEWAY_ENDPOINTS['chat.completions'].path} \\`,
        `  -H "Authorization: Bearer ${key}" -H 'content-type: application/json' \\`,
        `  -d '${chatBody.replace(/'/g, `'\\''`)}'`,
      ].join('\n'),
    },
    {
      id: 'openai-js',
      label: 'OpenAI SDK (JavaScript)',
      language: 'javascript',
      code: [
        `import OpenAI from 'openai';`,
        ``,
        `const client = new OpenAI({ baseURL: ${q(v1)}, apiKey: ${q(key)} });`,
        `const completion = await client.chat.completions.create({`,
        `  model: ${q(model)},`,
        `  messages: [{ role: 'user', content: ${q(PROMPT)} }],`,
        `});`,
        `console.log(completion.choices[0].message.content);`,
      ].join('\n'),
    },
    {
      id: 'openai-python',
      label: 'OpenAI SDK (Python)',
      language: 'python',
      code: [
        `from openai import OpenAI`,
        ``,
        `client = OpenAI(base_url=${q(v1)}, api_key=${q(key)})`,
        `completion = client.chat.completions.create(`,
        `    model=${q(model)},`,
        `    messages=[{"role": "user", "content": ${q(PROMPT)}}],`,
        `)`,
        `print(completion.choices[0].message.content)`,
      ].join('\n'),
    },
    {
      id: 'anthropic-js',
      label: 'Anthropic SDK (JavaScript)',
      language: 'javascript',
      code: [
        `import Anthropic from '@anthropic-ai/sdk';`,
        ``,
        `const client = new Anthropic({ baseURL: ${q(origin)}, apiKey: ${q(key)} });`,
        `const message = await client.messages.create({`,
        `  model: ${q(model)},`,
        `  max_tokens: 256,`,
        `  messages: [{ role: 'user', content: ${q(PROMPT)} }],`,
        `});`,
        `console.log(message.content[0].type === 'text' ? message.content[0].text : message.content[0]);`,
      ].join('\n'),
    },
    {
      id: 'claude-code',
      label: 'Claude Code',
      language: 'shell',
      code: [`export ANTHROPIC_BASE_URL=${q(origin)}`, `export ANTHROPIC_API_KEY=${q(key)}`, `claude`].join('\n'),
    },
    {
      id: 'codex',
      label: 'Codex',
      language: 'toml',
      code: `# ~/.codex/config.toml; then: export GATEWAY_API_KEY=${q(key)}\n${codexConfig(v1, model)}`,
    },
  ];
}
