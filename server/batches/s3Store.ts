import type { S3StoreConfig } from './settings';
import type { FileContentStore } from './fileStore';

/**
 * FILES_STORE=s3 (docs/batches.md#files): a file's bytes are one object in a bucket of AWS S3 or of an S3-compatible
 * store, its key FILES_S3_PREFIX and the file's id; the row keeps only what describes the file. The SDK is loaded when
 * the store is first used, so a server keeping its files elsewhere never loads it.
 */
export function inS3(config: S3StoreConfig): FileContentStore {
  let connecting: ReturnType<typeof connect> | null = null;
  const connected = () => (connecting ??= connect(config));
  const object = (id: string) => ({ Bucket: config.bucket, Key: `${config.prefix}${id}` });
  return {
    async write(id, content) {
      const { sdk, client } = await connected();
      await client.send(new sdk.PutObjectCommand({ ...object(id), Body: content }));
      return null;
    },
    async read(id) {
      const { sdk, client } = await connected();
      const { Body } = await client.send(new sdk.GetObjectCommand(object(id)));
      if (!Body) throw new Error(`The S3 object of ${id} came without a body`);
      return Buffer.from(await Body.transformToByteArray());
    },
    async remove(id) {
      const { sdk, client } = await connected();
      // S3 answers 204 whether or not the object was there.
      await client.send(new sdk.DeleteObjectCommand(object(id)));
    },
  };
}

async function connect(config: S3StoreConfig) {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials ?? undefined,
    // By default the SDK adds CRC32 checksum headers to every upload, which several S3-compatible stores refuse: with
    // an endpoint (not AWS), only where the operation requires one.
    ...(config.endpoint && {
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  });
  return { sdk, client };
}
