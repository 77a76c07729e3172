import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, beforeEach, describe, test } from 'node:test';
import { toFile } from 'openai';
import type { S3StoreConfig } from '../batches/settings';
import { inS3 } from '../batches/s3Store';
import { startFakeS3, type FakeS3 } from './fakeS3';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

// FILES_STORE=s3 (docs/batches.md#files) against a fake S3-compatible store on loopback, which speaks S3's REST API.
let s3: FakeS3;
before(async () => {
  s3 = await startFakeS3('gateway-files');
});
after(() => s3.close());
beforeEach(() => s3.reset());

const ACCESS_KEY_ID = 'AKIAFAKES3TEST000001';
const bucket = (overrides: Partial<S3StoreConfig> = {}): S3StoreConfig => ({
  bucket: s3.bucket,
  endpoint: s3.url,
  region: 'eu-west-3',
  prefix: 'files/',
  forcePathStyle: true,
  credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: 'fake-secret-access-key' },
  ...overrides,
});

describe('the S3 store', () => {
  test("keeps a file's bytes as one object under the prefix, reads them back whole, and forgets them", async () => {
    const store = inS3(bucket({ prefix: 'gateway/files/' }));
    const bytes = randomBytes(200_000);
    assert.equal(await store.write('file-abc123', bytes), null);
    assert.deepEqual([...s3.objects.keys()], ['gateway/files/file-abc123']);
    assert.ok(s3.objects.get('gateway/files/file-abc123')?.equals(bytes));
    assert.ok((await store.read('file-abc123', null)).equals(bytes));

    await store.remove('file-abc123');
    assert.equal(s3.objects.size, 0);
    await store.remove('file-abc123');
    await assert.rejects(store.read('file-abc123', null), { name: 'NoSuchKey' });
    assert.deepEqual(
      s3.requests.map(({ method, path }) => `${method} ${path}`),
      [
        'PUT /gateway-files/gateway/files/file-abc123',
        'GET /gateway-files/gateway/files/file-abc123',
        'DELETE /gateway-files/gateway/files/file-abc123',
        'DELETE /gateway-files/gateway/files/file-abc123',
        'GET /gateway-files/gateway/files/file-abc123',
      ],
    );
  });

  test('signs every request (SigV4, the access key and region given) and sends no checksum a compatible store may refuse', async () => {
    const store = inS3(bucket());
    await store.write('file-signed', Buffer.from('{"a":1}\n'));
    await store.read('file-signed', null);
    await store.remove('file-signed');
    assert.equal(s3.requests.length, 3);
    for (const { headers } of s3.requests) {
      assert.ok(
        headers.authorization?.startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/`),
        headers.authorization,
      );
      assert.match(
        headers.authorization ?? '',
        /\/eu-west-3\/s3\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=/,
      );
      assert.deepEqual(
        Object.keys(headers).filter(
          (name) => name.startsWith('x-amz-checksum-') || name === 'x-amz-sdk-checksum-algorithm',
        ),
        [],
      );
    }
  });

  test('a bucket the store does not have fails the write', async () => {
    await assert.rejects(inS3(bucket({ bucket: 'another-bucket' })).write('file-x', Buffer.from('x')), {
      name: 'NoSuchBucket',
    });
    assert.equal(s3.objects.size, 0);
  });

  test('the SDK is loaded when the store is first used, not when it is made', async () => {
    const script = `
      const { fileContentStore } = require('./server/batches/fileStore');
      const loaded = () => Object.keys(require.cache).some((file) => file.includes('@aws-sdk/client-s3'));
      const s3 = ${JSON.stringify(bucket())};
      const store = fileContentStore({ store: 's3', dir: '', s3 });
      const made = loaded();
      store.remove('file-x').then(() => console.log(JSON.stringify({ made, used: loaded() })));
    `;
    // Asynchronously: the fake the child's store calls answers from this process.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: path.resolve(__dirname, '../..'),
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      timeout: 60_000,
    });
    assert.deepEqual(JSON.parse(stdout), { made: false, used: true });
  });
});

describe('FILES_STORE=s3 through the Files API', () => {
  let ctx: GatewayTestContext;
  before(async () => {
    ctx = await createGatewayContext({
      FILES_STORE: 's3',
      FILES_S3_BUCKET: s3.bucket,
      FILES_S3_ENDPOINT: s3.url,
      FILES_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      FILES_S3_SECRET_ACCESS_KEY: 'fake-secret-access-key',
    });
  });
  after(() => ctx.close());

  test('an upload is an object in the bucket and only metadata in its row; downloaded whole, deleted with the file', async () => {
    await ctx.reset();
    const client = ctx.client((await ctx.funded(1_000)).key);
    const text = `${JSON.stringify({
      custom_id: 'line-1',
      method: 'POST',
      url: '/v1/chat/completions',
      body: { model: 'echo/echo-1', messages: [{ role: 'user', content: 'Say 1' }] },
    })}\n`;
    const file = await client.files.create({ file: await toFile(Buffer.from(text), 'in.jsonl'), purpose: 'batch' });

    const key = `files/${file.id}`;
    assert.equal(s3.objects.get(key)?.toString(), text);
    const rows = await ctx.db.query<{ content: Buffer | null; bytes: number }>(
      'SELECT content, bytes::int AS bytes FROM gateway_files WHERE id = $1',
      [file.id],
    );
    assert.deepEqual(rows, [{ content: null, bytes: Buffer.byteLength(text) }]);
    assert.equal(await (await client.files.content(file.id)).text(), text);

    assert.deepEqual(await client.files.delete(file.id), { id: file.id, object: 'file', deleted: true });
    assert.equal(s3.objects.has(key), false);
    assert.deepEqual(
      s3.requests.map(({ method, path }) => `${method} ${path}`),
      [`PUT /${s3.bucket}/${key}`, `GET /${s3.bucket}/${key}`, `DELETE /${s3.bucket}/${key}`],
    );
  });
});
