/**
 * OpenAI's Files and Batch APIs (docs/batches.md), for the official SDKs' `client.files` and `client.batches`: a
 * member's files and batches, reached with any of their API keys, in OpenAI's envelope (the scope's error handler).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyMultipart from '@fastify/multipart';
import type { Deps } from '../deps';
import { bearerKey } from '../gateway/callerKey';
import { sendGatewayError } from '../gateway/errors';
import { GatewayError } from '../formats/gatewayError';
import { hashApiKey } from '../keys/apiKeys';
import { gatewayRateLimit } from '../gateway/routes';
import { deleteExpiredFiles, deleteFile, findFile, listFiles, readFile, saveFile } from './files';
import { fileContentStore, type FileContentStore } from './fileStore';
import { batchObject, fileObject, isFinished, listObject } from './wireObjects';
import { createBatch } from './batches';
import { findBatch, listBatches, requestCancel } from './batchRows';
import { createBatchRunner, type BatchRunner } from './runner';
import { schedulePurge } from '../db/purge';
import { createLineDoors } from './lineDoor';
import { BatchListQuery, BatchParams, FILE_PURPOSES, FileListQuery, FileParams, NewBatchBody } from './schemas';

const invalid = (message: string, param: string | null) =>
  new GatewayError(400, 'invalid_request_error', 'invalid_request_error', message, param);
const noSuch = (what: 'File' | 'Batch', id: string, param: string) =>
  new GatewayError(404, 'invalid_request_error', 'not_found', `No such ${what} object: ${id}`, param);

export async function batchRoutes(
  app: FastifyInstance,
  deps: Deps,
  { store, runner }: { store: FileContentStore; runner: Pick<BatchRunner, 'wake'> },
) {
  const { db, gateway } = deps;
  const files = deps.config.files;
  const config = { apiKeyAuth: true, rateLimit: gatewayRateLimit(deps) };
  /** The caller's key, its member and team: a file or batch is theirs through any of their keys. */
  const caller = async (request: FastifyRequest) => {
    const keyHash = hashApiKey(bearerKey(request));
    const access = await gateway.catalog.authenticate(keyHash);
    return { keyHash, owner: access.owner, allowedModels: access.allowedModels };
  };

  await app.register(async (scope) => {
    scope.setErrorHandler(sendGatewayError);
    await scope.register(fastifyMultipart, { limits: { fileSize: files.maxBytes, files: 1, fields: 8 } });
    const api = scope.withTypeProvider<TypeBoxTypeProvider>();

    api.post('/v1/files', { config }, async (request) => {
      const { owner } = await caller(request);
      if (!request.isMultipart()) {
        throw invalid('Upload a file as multipart/form-data, with the fields file and purpose.', 'file');
      }
      const fields: Record<string, string> = {};
      let upload: { filename: string; content: Buffer } | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'file') upload = { filename: part.filename || 'upload', content: await part.toBuffer() };
        else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
      if (!upload) throw invalid('The upload has no file: send it in the field file.', 'file');
      const purpose = fields.purpose;
      if (!FILE_PURPOSES.includes(purpose as (typeof FILE_PURPOSES)[number])) {
        throw invalid(
          `purpose must be one of ${FILE_PURPOSES.join(', ')}${purpose ? ` (got "${purpose}")` : ''}.`,
          'purpose',
        );
      }
      if (upload.content.length === 0) throw invalid('The file is empty.', 'file');
      const row = await saveFile(db, store, {
        ...owner,
        purpose,
        filename: upload.filename.slice(0, 255),
        content: upload.content,
        retentionDays: files.retentionDays,
      });
      return fileObject(row);
    });

    api.get('/v1/files', { config, schema: { querystring: FileListQuery } }, async (request) => {
      const { owner } = await caller(request);
      const { purpose, limit = 10_000, after, order = 'desc' } = request.query;
      const page = await listFiles(db, owner, { purpose, limit, after, order });
      return listObject(page.rows.map(fileObject), page.hasMore);
    });

    api.get('/v1/files/:file_id', { config, schema: { params: FileParams } }, async (request) => {
      const { owner } = await caller(request);
      const row = await findFile(db, owner, request.params.file_id);
      if (!row) throw noSuch('File', request.params.file_id, 'file_id');
      return fileObject(row);
    });

    api.get('/v1/files/:file_id/content', { config, schema: { params: FileParams } }, async (request, reply) => {
      const { owner } = await caller(request);
      const found = await readFile(db, store, owner, request.params.file_id);
      if (!found) throw noSuch('File', request.params.file_id, 'file_id');
      return reply.type('application/octet-stream').send(found.content);
    });

    api.delete('/v1/files/:file_id', { config, schema: { params: FileParams } }, async (request) => {
      const { owner } = await caller(request);
      const { file_id: id } = request.params;
      if (!(await deleteFile(db, store, owner, id))) throw noSuch('File', id, 'file_id');
      return { id, object: 'file', deleted: true };
    });

    api.post('/v1/batches', { config, schema: { body: NewBatchBody } }, async (request) => {
      const batch = await createBatch(
        { db, store, catalog: gateway.catalog, config: gateway.config },
        await caller(request),
        request.body,
      );
      runner.wake();
      return batchObject(batch);
    });

    api.get('/v1/batches', { config, schema: { querystring: BatchListQuery } }, async (request) => {
      const { owner } = await caller(request);
      const page = await listBatches(db, owner, { limit: request.query.limit ?? 20, after: request.query.after });
      return listObject(page.rows.map(batchObject), page.hasMore);
    });

    api.get('/v1/batches/:batch_id', { config, schema: { params: BatchParams } }, async (request) => {
      const { owner } = await caller(request);
      const batch = await findBatch(db, owner, request.params.batch_id);
      if (!batch) throw noSuch('Batch', request.params.batch_id, 'batch_id');
      return batchObject(batch);
    });

    api.post('/v1/batches/:batch_id/cancel', { config, schema: { params: BatchParams } }, async (request) => {
      const { owner } = await caller(request);
      const { batch_id: id } = request.params;
      if (await requestCancel(db, owner, id)) runner.wake();
      const batch = await findBatch(db, owner, id);
      if (!batch) throw noSuch('Batch', id, 'batch_id');
      if (isFinished(batch.status) && batch.status !== 'cancelled') {
        throw invalid(`This batch has ended (${batch.status}): there is nothing to cancel.`, 'batch_id');
      }
      return batchObject(batch);
    });
  });
}

/**
 * Files and batches (docs/batches.md): the file store, the internal doors a line is answered through, the runner
 * (started once the server is ready, stopped before it closes, so lines in flight are kept and billed), the hourly
 * deletion of files past their retention, and the API.
 */
export async function registerBatches(app: FastifyInstance, deps: Deps, instanceId: string): Promise<BatchRunner> {
  const { files } = deps.config;
  const store = fileContentStore(files);
  const doors = createLineDoors(app, deps.gateway);
  await doors.register();
  const runner = createBatchRunner({
    db: deps.db,
    log: app.log,
    doors,
    files: { store, retentionDays: files.retentionDays },
    instanceId,
    viaProvider: {
      enabled: files.batchesViaProvider,
      pollMs: files.providerPollMs,
      catalog: deps.gateway.catalog,
      upstreams: deps.gateway.upstreams,
      guardrails: deps.gateway.guardrails,
      config: deps.gateway.config,
    },
  });
  app.addHook('onReady', async () => runner.start());
  app.addHook('preClose', async () => runner.close());
  // Each file's expiry is set when it is written (FILES_RETENTION_DAYS); the pass deletes what is past it.
  const sweep = schedulePurge(files.retentionDays, () => deleteExpiredFiles(deps.db, store), app.log, 'files');
  app.addHook('onClose', () => sweep.stop());
  await batchRoutes(app, deps, { store, runner });
  return runner;
}
