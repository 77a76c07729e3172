// Files' and batches' settings (docs/batches.md#files), read by server/config.ts with every other room's.
import path from 'node:path';
import type { EnvReader } from '../lib/envReader';

/** Where uploaded files are kept (docs/batches.md#files). */
export const FILE_STORES = ['database', 'directory', 's3'] as const;

export interface FilesConfig {
  /** In the database (the default: every instance sees them), in a directory the instances share, or in a bucket. */
  store: (typeof FILE_STORES)[number];
  /** FILES_DIR: the directory, when the store is `directory`. */
  dir: string;
  /** FILES_S3_*: the bucket, when the store is `s3` (null otherwise). */
  s3: S3StoreConfig | null;
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** A file is deleted this many days after it was uploaded or written. */
  retentionDays: number;
  /**
   * BATCHES_VIA_PROVIDER: a batch of one deployment of a provider with a Batch API is sent to it whole, at the
   * provider's batch price (docs/batches.md#the-providers-batch-api); false: every batch's lines run through the
   * gateway one by one.
   */
  batchesViaProvider: boolean;
  /** BATCHES_PROVIDER_POLL_MS: how often a batch sent to its provider is asked how it is going. */
  providerPollMs: number;
}

/** A bucket of AWS S3 or of any S3-compatible store (MinIO, Cloudflare R2, Ceph). */
export interface S3StoreConfig {
  bucket: string;
  /** A non-AWS store's URL; null: AWS's own endpoint for the region. */
  endpoint: string | null;
  region: string;
  /** Put before a file's id to make its object's key. */
  prefix: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what most S3-compatible stores expect. */
  forcePathStyle: boolean;
  /** null: the SDK's default chain (AWS_* variables, shared config files, an instance's or a task's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** FILES_* and BATCHES_*: where files are kept, how big and how long, and how batches reach their providers. */
export function readFilesSettings(read: EnvReader): FilesConfig {
  const { str, int, bool, oneOf } = read;
  const store = oneOf('FILES_STORE', FILE_STORES, 'database');
  return {
    store,
    dir: path.resolve(str('FILES_DIR') ?? path.join(str('DATA_DIR') ?? './data', 'files')),
    s3: store === 's3' ? s3StoreConfig(read) : null,
    maxBytes: int('FILES_MAX_BYTES', 100 * 1024 * 1024, 1_024, 2 * 1024 * 1024 * 1024),
    retentionDays: int('FILES_RETENTION_DAYS', 30, 1, 3650),
    batchesViaProvider: bool('BATCHES_VIA_PROVIDER', true) ?? true,
    providerPollMs: int('BATCHES_PROVIDER_POLL_MS', 10_000, 100, 3_600_000),
  };
}

/** FILES_S3_*: the bucket is required; the keys come as a pair, or not at all for the SDK's own chain. */
function s3StoreConfig({ str, url, bool, problems }: EnvReader): S3StoreConfig {
  const bucket = str('FILES_S3_BUCKET');
  if (bucket === null) problems.push('FILES_S3_BUCKET is required when FILES_STORE is s3');
  // Neither key is ever echoed in a message.
  const accessKeyId = str('FILES_S3_ACCESS_KEY_ID');
  const secretAccessKey = str('FILES_S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    problems.push('FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY must be set together');
  }
  const endpoint = url('FILES_S3_ENDPOINT', null);
  return {
    bucket: bucket ?? '',
    endpoint,
    region: str('FILES_S3_REGION') ?? 'us-east-1',
    prefix: str('FILES_S3_PREFIX') ?? 'files/',
    forcePathStyle: bool('FILES_S3_FORCE_PATH_STYLE', endpoint !== null) ?? endpoint !== null,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
  };
}
