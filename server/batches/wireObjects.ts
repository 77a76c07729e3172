/**
 * The Files and Batch APIs' objects as OpenAI's API returns them (its OpenAPI description: `OpenAIFile`, `Batch`,
 * `ListFilesResponse`, `ListBatchesResponse`), so the official SDKs read ours. Times are Unix seconds.
 */
import type { FileRow } from './files';
import type { ProviderBatch } from './viaProvider';

const seconds = (at: Date | null | undefined) => (at ? Math.floor(at.getTime() / 1000) : null);

export function fileObject(row: FileRow) {
  return {
    id: row.id,
    object: 'file' as const,
    bytes: Number(row.bytes),
    created_at: seconds(row.created_at) as number,
    expires_at: seconds(row.expires_at),
    filename: row.filename,
    purpose: row.purpose,
    // Deprecated in OpenAI's API, still read by older SDKs: a file here is ready as soon as it is stored.
    status: 'processed' as const,
    status_details: null,
  };
}

/** A cursor page: `after` is the last id of the previous page. */
export function listObject<T extends { id: string }>(data: T[], hasMore: boolean) {
  return {
    object: 'list' as const,
    data,
    first_id: data[0]?.id ?? null,
    last_id: data[data.length - 1]?.id ?? null,
    has_more: hasMore,
  };
}

/** What a batch goes through (OpenAI's `Batch.status`). */
export const BATCH_STATUSES = [
  'validating',
  'failed',
  'in_progress',
  'finalizing',
  'completed',
  'expired',
  'cancelling',
  'cancelled',
] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** A batch that will not change any more. */
export const isFinished = (status: string) => ['failed', 'completed', 'expired', 'cancelled'].includes(status);

export interface BatchRow {
  id: string;
  team_id: string;
  user_id: string;
  api_key_id: string;
  endpoint: string;
  input_file_id: string;
  completion_window: string;
  status: BatchStatus;
  metadata: Record<string, string> | null;
  lease_id: number;
  held_cents: number;
  total_lines: number;
  output_file_id: string | null;
  error_file_id: string | null;
  errors: { code: string; message: string; param: string | null; line: number | null }[] | null;
  created_at: Date;
  in_progress_at: Date | null;
  finalizing_at: Date | null;
  completed_at: Date | null;
  failed_at: Date | null;
  expired_at: Date | null;
  cancelling_at: Date | null;
  cancelled_at: Date | null;
  expires_at: Date;
  /** The provider's batch it was sent to whole (docs/batches.md#the-providers-batch-api); null when its lines run here. */
  upstream: ProviderBatch | null;
  /** Lines answered with a 2xx, and the others that ended (counted from gateway_batch_lines). */
  completed: number;
  failed: number;
}

export function batchObject(row: BatchRow) {
  return {
    id: row.id,
    object: 'batch' as const,
    endpoint: row.endpoint,
    errors: row.errors ? { object: 'list' as const, data: row.errors } : null,
    input_file_id: row.input_file_id,
    completion_window: row.completion_window,
    status: row.status,
    output_file_id: row.output_file_id,
    error_file_id: row.error_file_id,
    created_at: seconds(row.created_at) as number,
    in_progress_at: seconds(row.in_progress_at),
    expires_at: seconds(row.expires_at),
    finalizing_at: seconds(row.finalizing_at),
    completed_at: seconds(row.completed_at),
    failed_at: seconds(row.failed_at),
    expired_at: seconds(row.expired_at),
    cancelling_at: seconds(row.cancelling_at),
    cancelled_at: seconds(row.cancelled_at),
    request_counts: { total: row.total_lines, completed: Number(row.completed), failed: Number(row.failed) },
    metadata: row.metadata,
  };
}
