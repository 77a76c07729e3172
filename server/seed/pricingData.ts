/** Demo pricing (dollars per 1M tokens); day offsets are relative to the seed's "now". */
export interface SeedTier {
  provider: string;
  model: string;
  tierName: string;
  tierOrder: number;
  description: string | null;
  minTokens: number;
  maxTokens: number | null;
  prompt: number;
  completion: number;
  cacheCreate: number | null;
  cacheRead: number | null;
  cacheMinTokens: number | null;
  cacheTtlMinutes: number | null;
  notes: string | null;
  effectiveDaysAgo: number;
  expiresInDays: number | null;
  /** Dollars per unit of a media model (contract/mediaUnits.ts); none for a text model. */
  unitPrices: Record<string, number>;
}

const tier = (
  overrides: Partial<SeedTier> & Pick<SeedTier, 'provider' | 'model' | 'prompt' | 'completion'>,
): SeedTier => ({
  tierName: 'standard',
  tierOrder: 1,
  description: null,
  minTokens: 0,
  maxTokens: null,
  cacheCreate: null,
  cacheRead: null,
  cacheMinTokens: null,
  cacheTtlMinutes: null,
  notes: null,
  effectiveDaysAgo: 120,
  expiresInDays: null,
  unitPrices: {},
  ...overrides,
});

/**
 * The demo's echo models: $1,000 per 1M tokens either way (0.1 cent a token), far above real models so that one short
 * call shows on a dashboard that displays cents (6 + 6 tokens: 1.2 cents, billed 1), and low enough that a call
 * without max_tokens (held at its 32-token prompt bound and the 256 output tokens the gateway allows at the least:
 * $0.29) fits a small key limit. The README's key-limit walkthrough is tested as written (server/test/readmeJourneys.test.ts).
 */
export const ECHO_PRICES = { prompt: 1_000, completion: 1_000 };

export const SEED_TIERS: SeedTier[] = [
  tier({
    provider: 'anthropic',
    model: 'claude-sonnet-4',
    tierName: 'standard',
    description: 'Prompts up to 200K tokens',
    maxTokens: 200_000,
    prompt: 3,
    completion: 15,
    cacheCreate: 3.75,
    cacheRead: 0.3,
    cacheMinTokens: 1024,
    cacheTtlMinutes: 5,
    notes: 'Prompt caching with a 5 minute TTL',
  }),
  tier({
    provider: 'anthropic',
    model: 'claude-sonnet-4',
    tierName: 'long-context',
    tierOrder: 2,
    description: 'Prompts over 200K tokens',
    minTokens: 200_001,
    prompt: 6,
    completion: 22.5,
    cacheCreate: 7.5,
    cacheRead: 0.6,
    cacheMinTokens: 1024,
    cacheTtlMinutes: 5,
  }),
  tier({
    provider: 'anthropic',
    model: 'claude-haiku-3.5',
    prompt: 0.8,
    completion: 4,
    cacheCreate: 1,
    cacheRead: 0.08,
    cacheMinTokens: 2048,
    cacheTtlMinutes: 5,
  }),
  tier({
    provider: 'openai',
    model: 'gpt-4o',
    tierName: 'launch',
    prompt: 5,
    completion: 15,
    effectiveDaysAgo: 400,
    expiresInDays: -120,
    notes: 'Launch pricing, superseded',
  }),
  tier({
    provider: 'openai',
    model: 'gpt-4o',
    prompt: 2.5,
    completion: 10,
    cacheRead: 1.25,
    cacheCreate: 2.5,
    cacheMinTokens: 1024,
    cacheTtlMinutes: 10,
  }),
  tier({ provider: 'openai', model: 'gpt-4o-mini', prompt: 0.15, completion: 0.6 }),
  tier({
    provider: 'google',
    model: 'gemini-2.5-pro',
    description: 'Prompts up to 200K tokens',
    maxTokens: 200_000,
    prompt: 1.25,
    completion: 10,
  }),
  tier({
    provider: 'google',
    model: 'gemini-2.5-pro',
    tierName: 'long-context',
    tierOrder: 2,
    description: 'Prompts over 200K tokens',
    minTokens: 200_001,
    prompt: 2.5,
    completion: 15,
  }),
  tier({ provider: 'google', model: 'gemini-2.0-flash', prompt: 0.075, completion: 0.3 }),
  tier({
    provider: 'openrouter',
    model: 'meta-llama/llama-3.3-70b-instruct',
    prompt: 0.12,
    completion: 0.3,
    expiresInDays: 14,
  }),
  tier({
    provider: 'openrouter',
    model: 'meta-llama/llama-3.3-70b-instruct',
    tierName: 'standard',
    prompt: 0.1,
    completion: 0.25,
    effectiveDaysAgo: -14,
    notes: 'Announced price cut',
  }),
  // The built-in echo provider of demo mode, at ECHO_PRICES.
  tier({
    provider: 'echo',
    model: 'echo-1',
    tierName: 'demo',
    description: 'Answers with the last user message; no network',
    ...ECHO_PRICES,
    notes: 'Demo provider: 4 characters per token',
  }),
  // The echo model that always answers 503: the first deployment of the echo/flaky route (docs/gateway.md), priced
  // like echo-1 so a fallback costs the same whichever deployment answers.
  tier({
    provider: 'echo',
    model: 'unavailable-1',
    tierName: 'demo',
    description: 'Always answers 503 (service unavailable); for trying fallbacks',
    ...ECHO_PRICES,
    notes: 'Demo provider: never answers',
  }),
  // Embeddings bill prompt tokens only.
  tier({
    provider: 'echo',
    model: 'embed-1',
    tierName: 'demo',
    description: 'Deterministic embeddings; no network',
    prompt: 20,
    completion: 0,
    notes: 'Demo provider: 4 characters per token',
  }),
  // Moderations bill prompt tokens only (OpenAI's own moderation models are free; a team's own route may not be).
  tier({
    provider: 'echo',
    model: 'moderation-1',
    tierName: 'demo',
    description: 'Flags a few plain words (kill, hate, bomb); no network',
    prompt: 20,
    completion: 0,
    notes: 'Demo provider: 4 characters per token',
  }),
  // The media models (docs/media.md#the-echo-models): billed by their units, at prices high enough to show in the
  // demo's cents (a second of audio at a cent, where OpenAI's Whisper costs a hundredth of that).
  tier({
    provider: 'echo',
    model: 'image-1',
    tierName: 'demo',
    description: 'A tiny PNG per image; no network',
    prompt: 0,
    completion: 0,
    unitPrices: { 'image:256x256': 0.016, 'image:512x512': 0.018, 'image:1024x1024': 0.04, image: 0.08 },
    notes: 'Demo provider: per image, by size',
  }),
  tier({
    provider: 'echo',
    model: 'transcribe-1',
    tierName: 'demo',
    description: 'A fixed transcript, billed by the audio’s seconds; no network',
    prompt: 0,
    completion: 0,
    unitPrices: { audio_second: 0.01 },
    notes: 'Demo provider: per second of audio',
  }),
  tier({
    provider: 'echo',
    model: 'speech-1',
    tierName: 'demo',
    description: 'A WAV tone as long as the text takes to say; no network',
    prompt: 0,
    completion: 0,
    unitPrices: { speech_character: 0.001 },
    notes: 'Demo provider: per character',
  }),
  tier({
    provider: 'echo',
    model: 'rerank-1',
    tierName: 'demo',
    description: 'Scores documents by the words they share with the query; no network',
    prompt: 0,
    completion: 0,
    unitPrices: { search_unit: 0.02 },
    notes: 'Demo provider: per search unit (a query over up to 100 documents)',
  }),
];

/** Models the demo team uses, with how often (relative weight) and how slow they are. */
export const SEED_MODELS = [
  { provider: 'anthropic', model: 'claude-sonnet-4', weight: 30, latency: 2600 },
  { provider: 'anthropic', model: 'claude-haiku-3.5', weight: 15, latency: 900 },
  { provider: 'openai', model: 'gpt-4o', weight: 20, latency: 1800 },
  { provider: 'openai', model: 'gpt-4o-mini', weight: 15, latency: 700 },
  { provider: 'google', model: 'gemini-2.5-pro', weight: 12, latency: 3200 },
  { provider: 'openrouter', model: 'meta-llama/llama-3.3-70b-instruct', weight: 8, latency: 1500 },
];
