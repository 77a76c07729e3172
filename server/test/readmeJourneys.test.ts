import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SEED_TIERS } from '../seed/pricingData';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * The key-limit walkthrough of docs/tour.md ("Governance"), with the README's first curl, as written, at the demo's echo prices (server/seed/pricingData.ts): a key with a
 * $0.29 limit answers the first curl (1 cent) and refuses the second, saying what it may cost and what is left; a
 * $1.00 key answers them all. If a price or the hold rules change, this fails, and the tour must change with it.
 */
let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext();
});
after(() => ctx.close());

/** The README's first curl. */
const README_CURL = { model: 'echo/echo-1', messages: [{ role: 'user', content: 'Say hello to the gateway' }] };

test("the README's key limit: $0.29 answers the first curl and refuses the second with the README's message", async () => {
  await ctx.reset();
  const { owner } = await ctx.funded(50_000);
  for (const model of ['echo-1']) {
    const seeded = SEED_TIERS.find((tier) => tier.provider === 'echo' && tier.model === model)!;
    await ctx.tier({ provider: 'echo', model, prompt: seeded.prompt, completion: seeded.completion });
  }
  const create = await ctx.request('POST', '/v1/api-keys/', {
    as: owner,
    body: { name: 'limited', spend_limit_cents: 29, limit_period: 'monthly' },
  });
  assert.equal(create.status, 201, create.text);
  const key = create.body.key as string;

  const first = await ctx.chat(key, README_CURL);
  assert.equal(first.status, 200, await first.clone().text());
  const answer = (await first.json()) as { usage: { prompt_tokens: number; completion_tokens: number } };
  assert.deepEqual([answer.usage.prompt_tokens, answer.usage.completion_tokens], [6, 6]);
  await ctx.app.gateway.settled();

  const second = await ctx.chat(key, README_CURL);
  const refused = (await second.json()) as { error: { code: string; message: string; type: string } };
  assert.equal(second.status, 429);
  assert.equal(refused.error.code, 'key_budget_exceeded');
  assert.match(
    refused.error.message,
    /^This request may cost up to \$0\.29 \(a prompt of up to 32 tokens and at least 256 output tokens\); this key has \$0\.28 left of its \$0\.29 limit this month \(it resets [A-Z][a-z]{2} 1, \d{4}, 00:00 UTC\)\. Send a smaller prompt, or set max_tokens to at most 248\.$/,
  );

  // With a $1.00 limit the same curl is answered again and again.
  const roomy = await ctx.request('PATCH', `/v1/api-keys/${create.body.id as string}`, {
    as: owner,
    body: { spend_limit_cents: 100 },
  });
  assert.equal(roomy.status, 200, roomy.text);
  // As a person runs them, one after another: each call's bill is written before the next. (Without max_tokens a
  // call holds as much of its worst case as the key has left until its bill is written, so a script firing the next
  // call within those milliseconds may find the limit held: docs/gateway.md#holding-credits.)
  for (let call = 0; call < 3; call++) {
    const res = await ctx.chat(key, README_CURL);
    assert.equal(res.status, 200, `call ${call}: ${await res.clone().text()}`);
    await ctx.app.gateway.settled();
  }
});
