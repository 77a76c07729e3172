import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Request {
  method: string;
  /** `/<bucket>/<key>`, path-style. */
  path: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * An S3-compatible store on loopback with one bucket, speaking S3's REST API for what the file store sends, path-style:
 * PutObject (`PUT /<bucket>/<key>`, 200 and an ETag), GetObject (`GET`, the bytes, or 404 NoSuchKey) and
 * DeleteObject (`DELETE`, 204 whether or not the object was there). Errors are S3's XML `<Error>` documents; another
 * bucket is NoSuchBucket. It checks no signature: tests read the recorded `authorization` header.
 */
export interface FakeS3 {
  /** What to set as the endpoint (FILES_S3_ENDPOINT). */
  url: string;
  bucket: string;
  /** By key, without the bucket. */
  objects: Map<string, Buffer>;
  requests: S3Request[];
  /** Forgets every object and request. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeS3(bucket = 'gateway-files'): Promise<FakeS3> {
  const fake: FakeS3 = {
    url: '',
    bucket,
    objects: new Map(),
    requests: [],
    reset() {
      fake.objects.clear();
      fake.requests = [];
    },
    close: () => Promise.resolve(),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (data: Buffer) => chunks.push(data));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: new URL(req.url ?? '/', 'http://fake').pathname,
        headers: req.headers,
      };
      fake.requests.push(request);
      answer(fake, request, Buffer.concat(chunks), res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

function answer(fake: FakeS3, { method, path, headers }: S3Request, body: Buffer, res: http.ServerResponse) {
  const [, bucket, ...rest] = path.split('/');
  const key = decodeURIComponent(rest.join('/'));
  res.setHeader('x-amz-request-id', randomBytes(8).toString('hex').toUpperCase());
  if (bucket !== fake.bucket) return fail(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', path);
  if (key === '') return fail(res, 501, 'NotImplemented', 'Only object requests are implemented here', path);
  if (method === 'PUT') {
    const refused = refusedPayload(headers['x-amz-content-sha256']?.toString(), body);
    if (refused) return fail(res, refused.status, refused.code, refused.message, path);
    fake.objects.set(key, body);
    res.writeHead(200, { etag: etag(body), 'content-length': 0 });
    return res.end();
  }
  if (method === 'GET') {
    const object = fake.objects.get(key);
    if (!object) return fail(res, 404, 'NoSuchKey', 'The specified key does not exist.', path);
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': object.length,
      etag: etag(object),
      'last-modified': new Date().toUTCString(),
    });
    return res.end(object);
  }
  if (method === 'DELETE') {
    fake.objects.delete(key);
    res.writeHead(204);
    return res.end();
  }
  fail(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', path);
}

/** What S3 says of a payload whose declared SHA-256 is not its own; aws-chunked uploads are not spoken here. */
function refusedPayload(declared: string | undefined, body: Buffer) {
  if (declared?.startsWith('STREAMING-')) {
    return { status: 501, code: 'NotImplemented', message: 'aws-chunked uploads are not implemented here' };
  }
  if (declared && declared !== 'UNSIGNED-PAYLOAD' && declared !== createHash('sha256').update(body).digest('hex')) {
    const message = "The provided 'x-amz-content-sha256' header does not match what was computed.";
    return { status: 400, code: 'XAmzContentSHA256Mismatch', message };
  }
  return null;
}

const etag = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

function fail(res: http.ServerResponse, status: number, code: string, message: string, resource: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource}</Resource>` +
      `<RequestId>${res.getHeader('x-amz-request-id')}</RequestId></Error>`,
  );
}
