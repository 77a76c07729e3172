import type { Finding } from './findings';
import { matches } from './findings';

/**
 * Secrets (docs/guardrails.md#detectors): the maintained rules of secretlint's recommended preset (AWS, GCP, Azure,
 * Anthropic, OpenAI, GitHub, Slack, npm, SendGrid, Shopify, private keys, basic auth in URLs, …), and the gateway's
 * own API keys, which no preset knows. secretlint is loaded on first use (an ES module, and a start that never checks a
 * prompt never needs it).
 */

/** A key this gateway issued: `sk-` and 43 base64url characters (keys/apiKeys.ts), or a demo key. */
const GATEWAY_KEY = /(?<![\w-])sk-(?:[A-Za-z0-9_-]{43}|demo[A-Za-z0-9_-]{32})(?![\w-])/g;

type Lint = (content: string) => Promise<{ ruleId: string; range: readonly [number, number] }[]>;
let loading: Promise<Lint> | null = null;

async function loadSecretlint(): Promise<Lint> {
  const [{ lintSource }, { creator }, { secretLintProfiler }] = await Promise.all([
    import('@secretlint/core'),
    import('@secretlint/secretlint-rule-preset-recommend'),
    import('@secretlint/profiler'),
  ]);
  // secretlint's profiler marks every rule of every lint on the process's performance timeline and keeps each mark in
  // an array it searches at the next one: in a server that lints every request, memory that only grows and a check
  // that slows with every request (bench:gateway went from 0.5 ms to 25 ms a request within seconds). Off.
  secretLintProfiler.mark = () => undefined;
  const config = {
    rules: [
      {
        id: '@secretlint/secretlint-rule-preset-recommend',
        rule: creator,
        // An AWS access key id alone is worth stopping too: off in secretlint by default, where it is a file's.
        rules: [{ id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true } }],
      },
    ],
  };
  return async (content) => {
    const result = await lintSource({
      source: { filePath: '/prompt.txt', content, ext: '.txt', contentType: 'text' },
      // The messages are read for their rule and range only; masked, they could not leak even if one were logged.
      options: { config, maskSecrets: true },
    });
    return result.messages;
  };
}

/** Every secret in `text`: secretlint's findings and the gateway's keys. */
export async function findSecrets(text: string): Promise<Finding[]> {
  loading ??= loadSecretlint();
  const lint = await loading;
  const found: Finding[] = (await lint(text)).map((message) => ({
    detector: 'secret',
    start: message.range[0],
    end: message.range[1],
  }));
  return [...found, ...matches(text, 'secret', GATEWAY_KEY)];
}
