import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { Coupon } from '../../contract/schemas/coupons';

/**
 * Fastify serialises every response with its contract schema (fast-json-stringify): a field the schema does not name
 * never reaches the wire, and a missing required field is an error rather than a silently short answer.
 */
describe('responses are serialised with their contract schema', () => {
  const coupon = {
    id: 'c1',
    code: 'SAVE10',
    amount: 10,
    description: null,
    active: true,
    expires_at: null,
    max_uses: 5,
    current_uses: 0,
    created_at: '2026-01-01T00:00:00.000Z',
  };
  let app: FastifyInstance;

  before(async () => {
    app = Fastify();
    const route = (url: string, body: object) =>
      app.get(url, { schema: { response: { 200: Coupon } } }, async () => body);
    route('/extra', { ...coupon, amount_cents: 1000, internal_note: 'secret' });
    route('/missing', { ...coupon, max_uses: undefined });
    await app.ready();
  });
  after(() => app.close());

  test('a field outside the schema is not sent', async () => {
    const response = await app.inject({ method: 'GET', url: '/extra' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), coupon);
  });

  test('a missing required field fails the response', async () => {
    const response = await app.inject({ method: 'GET', url: '/missing' });
    assert.equal(response.statusCode, 500);
    assert.match(response.body, /max_uses/);
  });
});
