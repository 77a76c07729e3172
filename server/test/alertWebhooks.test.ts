import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { CreatedWebhookEndpoint, WebhookDelivery } from '../../contract/schemas/alerts';
import { WEBHOOK_EXCERPT_BYTES } from '../../contract/schemas/alerts';
import { classifyAddress } from '../lib/addresses';
import { webhookBody } from '../alerts/fire';
import { alertPayload, alertText } from '../alerts/messages';
import { createTestContext, eventually, type TestContext, type TestUser } from './helpers';
import { QUICK_BACKGROUND, startWebhookReceiver, type ReceiverAnswer } from './alertHelpers';

/**
 * Webhooks (docs/alerts.md#webhooks): signed per Standard Webhooks, tried again with exponential backoff (the
 * schedule is injected: a day of retries in half a second), every try visible to the owner, and never sent to an
 * address inside our network unless the operator allows it.
 */

/** The host the tests' DNS answers for: a public address when the endpoint is added, loopback later (rebinding). */
const REBINDING_HOST = 'rebinding.example.test';
let rebound = false;
const resolve = async (hostname: string) => {
  if (hostname === REBINDING_HOST) return [{ address: rebound ? '127.0.0.1' : '93.184.216.34', family: 4 }];
  if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  if (hostname === 'metadata.example.test') return [{ address: '169.254.169.254', family: 4 }];
  if (hostname === 'mixed.example.test') {
    return [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
  }
  throw new Error(`no such host ${hostname}`);
};

let allowing: TestContext;
let guarded: TestContext;
before(async () => {
  // Six tries must fit before the give-up time on a loaded machine (each try is a request and a few writes): 3 s, not
  // the half second of the other alert tests, or a slow run gives up on a delivery that would have succeeded.
  const retry = { firstDelayMs: 20, maxDelayMs: 40, giveUpAfterMs: 3_000 };
  const background = { ...QUICK_BACKGROUND, webhooks: { pollMs: 20, retry, resolve } };
  // Two servers: one allows private addresses (for the tests' loopback receivers), one does not. Each has its own
  // database: instances of one deployment share their configuration, and either would send the other's deliveries.
  allowing = await createTestContext({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '300' }, undefined, {
    background,
  });
  guarded = await createTestContext({}, undefined, { background });
});
after(async () => {
  await guarded.close();
  await allowing.close();
});

let owner: TestUser;
let guardedOwner: TestUser;
beforeEach(async () => {
  rebound = false;
  for (const ctx of [allowing, guarded]) await ctx.reset();
  owner = await allowing.user('owner');
  await allowing.team(owner, 'Acme');
  guardedOwner = await guarded.user('owner');
  await guarded.team(guardedOwner, 'Acme');
});

async function addEndpoint(ctx: TestContext, url: string) {
  return ctx.request('POST', '/v1/teams/alerts/webhooks', {
    as: ctx === guarded ? guardedOwner : owner,
    body: { url },
  });
}

async function withReceiver<T>(
  answer: (n: number) => ReceiverAnswer,
  run: (receiver: Awaited<ReturnType<typeof startWebhookReceiver>>, endpoint: CreatedWebhookEndpoint) => Promise<T>,
) {
  const receiver = await startWebhookReceiver(answer);
  try {
    const res = await addEndpoint(allowing, receiver.url);
    assert.equal(res.status, 201, res.text);
    receiver.useSecret(res.body.secret);
    return await run(receiver, res.body);
  } finally {
    await receiver.close();
  }
}

const sendTest = async (endpoint: CreatedWebhookEndpoint) => {
  const res = await allowing.request('POST', `/v1/teams/alerts/webhooks/${endpoint.id}/test`, { as: owner });
  assert.equal(res.status, 200, res.text);
  return res.body as WebhookDelivery;
};

async function deliveries(endpoint: CreatedWebhookEndpoint): Promise<WebhookDelivery[]> {
  const res = await allowing.request('GET', `/v1/teams/alerts/webhooks/${endpoint.id}/deliveries`, { as: owner });
  assert.equal(res.status, 200, res.text);
  return res.body.deliveries;
}

describe('delivery', () => {
  test('Send test: signed, answered 2xx, listed with its status code and one try', async () => {
    await withReceiver(
      () => 204,
      async (receiver, endpoint) => {
        const delivery = await sendTest(endpoint);
        assert.equal(delivery.status, 'succeeded');
        assert.equal(delivery.last_status_code, 204);
        assert.equal(delivery.attempts, 1);
        assert.equal(delivery.tries.length, 1);
        assert.equal(receiver.received.length, 1);
        const [hook] = receiver.received;
        assert.equal(hook.verified, true, 'the standardwebhooks package accepts the signature');
        assert.equal(hook.headers['webhook-id'], delivery.id);
        assert.equal(JSON.parse(hook.body).type, 'alert.test');
        assert.equal(JSON.parse(hook.body).data.title, 'Test alert from AI Model Gateway');
      },
    );
  });

  test('a receiver that fails five times then succeeds: six tries, the same message id, backing off', async () => {
    await withReceiver(
      (n) => (n <= 5 ? 500 : 200),
      async (receiver, endpoint) => {
        const first = await sendTest(endpoint);
        // Not delivered: waiting for its next try, or (the tests' backoff is milliseconds) already in it.
        assert.ok(['pending', 'sending'].includes(first.status), first.status);
        assert.equal(first.last_status_code, 500);
        // Six tries take well under a second alone; CI's PostgreSQL run beside Lighthouse once took over 3 s. The wait
        // ends as soon as it is delivered, so a long limit costs nothing when it passes.
        await eventually('delivered', async () => (await deliveries(endpoint))[0].status === 'succeeded', 15_000);
        const [delivery] = await deliveries(endpoint);
        assert.equal(delivery.attempts, 6);
        assert.deepEqual(
          delivery.tries.map((t) => t.status_code),
          [500, 500, 500, 500, 500, 200],
        );
        assert.equal(receiver.received.length, 6);
        assert.equal(new Set(receiver.received.map((hook) => hook.headers['webhook-id'])).size, 1);
        assert.ok(receiver.received.every((hook) => hook.verified));
        const gaps = delivery.tries
          .slice(1)
          .map((t, i) => Date.parse(t.attempted_at) - Date.parse(delivery.tries[i].attempted_at));
        assert.ok(
          gaps.every((gap) => gap >= 15),
          `each retry waits its backoff (${gaps.join(', ')} ms)`,
        );
      },
    );
  });

  test('a receiver that never succeeds: tried until the give-up time, then failed', async () => {
    await withReceiver(
      () => 503,
      async (receiver, endpoint) => {
        await sendTest(endpoint);
        await eventually('failed', async () => (await deliveries(endpoint))[0].status === 'failed', 15_000);
        const [delivery] = await deliveries(endpoint);
        assert.ok(delivery.attempts >= 3, `${delivery.attempts} tries`);
        assert.equal(delivery.tries.length, delivery.attempts);
        assert.equal(delivery.last_error, 'answered 503');
        assert.equal(delivery.next_attempt_at, null);
        const tries = receiver.received.length;
        await new Promise((done) => setTimeout(done, 150));
        assert.equal(receiver.received.length, tries, 'nothing after it failed');
      },
    );
  });

  test('no redirect is followed; a slow receiver times out; only the start of an answer is kept', async () => {
    const elsewhere = await startWebhookReceiver();
    try {
      await withReceiver(
        () => ({ status: 302, headers: { location: elsewhere.url } }),
        async (_receiver, endpoint) => {
          const delivery = await sendTest(endpoint);
          assert.equal(delivery.last_status_code, 302);
          // A failed try: waiting for the next, or (the tests' backoff is milliseconds) already in it.
          assert.ok(['pending', 'sending'].includes(delivery.status), `a redirect is a failed try: ${delivery.status}`);
        },
      );
      assert.equal(elsewhere.received.length, 0, 'the redirect target got nothing');
    } finally {
      await elsewhere.close();
    }
    await withReceiver(
      () => 200,
      async (receiver, endpoint) => {
        let release!: () => void;
        receiver.holdAnswers(new Promise((done) => (release = done)));
        const delivery = await sendTest(endpoint);
        release();
        assert.equal(delivery.last_error, 'no answer within 0.3 s');
        assert.equal(delivery.last_status_code, null);
      },
    );
    await withReceiver(
      () => ({ status: 200, body: 'x'.repeat(20_000) }),
      async (_receiver, endpoint) => {
        const delivery = await sendTest(endpoint);
        assert.equal(delivery.status, 'succeeded');
        assert.equal(delivery.response_excerpt?.length, WEBHOOK_EXCERPT_BYTES);
      },
    );
  });

  test('a Slack incoming webhook gets Slack’s text body', () => {
    const text = alertText('test', 'Acme', {});
    const payload = alertPayload('test', {
      id: 'a',
      teamId: 't',
      teamName: 'Acme',
      createdAt: new Date(),
      details: {},
      text,
    });
    assert.deepEqual(webhookBody('https://hooks.slack.com/services/T0/B0/X', payload), {
      text: "*Test alert from AI Model Gateway*\nThis is a test of Acme's alert webhook. Nothing needs doing.",
    });
    assert.equal(webhookBody('https://example.com/hook', payload), payload);
  });
});

describe('destinations inside our network are refused', () => {
  const refusals: [url: string, message: string][] = [
    ['http://127.0.0.1:9/hook', '127.0.0.1 resolves to 127.0.0.1, a loopback address'],
    ['http://localhost:9/hook', 'localhost resolves to 127.0.0.1, a loopback address'],
    ['http://10.0.0.7/hook', '10.0.0.7 resolves to 10.0.0.7, a private address'],
    ['http://192.168.1.20/hook', '192.168.1.20 resolves to 192.168.1.20, a private address'],
    ['http://172.16.5.4/hook', '172.16.5.4 resolves to 172.16.5.4, a private address'],
    [
      'http://169.254.169.254/latest/meta-data/',
      '169.254.169.254 resolves to 169.254.169.254, a link-local address (such as a cloud metadata service)',
    ],
    [
      'http://metadata.example.test/',
      'metadata.example.test resolves to 169.254.169.254, a link-local address (such as a cloud metadata service)',
    ],
    ['http://[::1]:9/hook', '::1 resolves to ::1, a loopback address'],
    ['http://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1 resolves to ::ffff:7f00:1, a loopback address'],
    ['http://0.0.0.0/hook', '0.0.0.0 resolves to 0.0.0.0, an unspecified address'],
    ['http://mixed.example.test/hook', 'mixed.example.test resolves to 10.1.2.3, a private address'],
  ];
  for (const [url, reason] of refusals) {
    test(url, async () => {
      const res = await addEndpoint(guarded, url);
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.message, `${reason}: webhooks are sent to public addresses only.`);
    });
  }

  test('not a URL we send to', async () => {
    for (const [url, message] of [
      ['ftp://example.com/x', 'The URL must start with https:// or http://.'],
      ['https://user:pw@example.com/x', 'The URL must not carry a user name or password.'],
      ['example.com/hook', 'Enter a full URL, starting with https:// or http://.'],
      ['https://no-such-host.example.test/', 'no-such-host.example.test could not be resolved.'],
    ]) {
      const res = await addEndpoint(guarded, url);
      assert.equal(res.status, 400, url);
      assert.equal(res.body.message, message);
    }
  });

  test('an address checked when added is checked again at every try (DNS rebinding)', async () => {
    const added = await addEndpoint(guarded, `http://${REBINDING_HOST}:9/hook`);
    assert.equal(added.status, 201, 'a public address when added');
    rebound = true;
    const res = await guarded.request('POST', `/v1/teams/alerts/webhooks/${added.body.id}/test`, {
      as: guardedOwner,
    });
    assert.equal(res.body.last_status_code, null);
    assert.equal(
      res.body.last_error,
      `${REBINDING_HOST} resolves to 127.0.0.1, a loopback address: webhooks are sent to public addresses only.`,
    );
  });

  test('with WEBHOOKS_ALLOW_PRIVATE the operator allows them (the tests’ own loopback receiver)', async () => {
    const res = await addEndpoint(allowing, 'http://127.0.0.1:9/hook');
    assert.equal(res.status, 201);
  });

  test('the address rules, one row per range', () => {
    const table: [string, boolean][] = [
      ['93.184.216.34', true],
      ['8.8.8.8', true],
      ['2606:4700:4700::1111', true],
      ['127.0.0.1', false],
      ['127.255.0.9', false],
      ['10.255.255.255', false],
      ['100.64.0.1', false],
      ['100.128.0.1', true],
      ['169.254.169.254', false],
      ['172.31.255.255', false],
      ['172.32.0.1', true],
      ['192.0.2.1', false],
      ['198.18.0.1', false],
      ['203.0.113.9', false],
      ['224.0.0.1', false],
      ['255.255.255.255', false],
      ['::', false],
      ['::1', false],
      ['::ffff:10.0.0.1', false],
      ['::ffff:8.8.8.8', true],
      ['64:ff9b::a9fe:a9fe', false],
      ['2002:7f00:1::1', false],
      ['fc00::1', false],
      ['fd12:3456::1', false],
      ['fe80::1%eth0', false],
      ['ff02::1', false],
      ['2001:db8::1', false],
      ['3fff::1', true],
      ['4000::1', false],
      ['not-an-ip', false],
    ];
    for (const [address, isPublic] of table) {
      assert.equal(classifyAddress(address).public, isPublic, address);
    }
  });
});
