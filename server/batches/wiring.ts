import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { schedulePurge } from '../db/purge';
import { batchRoutes } from '../routes/batches';
import { deleteExpiredFiles } from './files';
import { fileContentStore } from './fileStore';
import { createLineDoors } from './lineDoor';
import { createBatchRunner, type BatchRunner } from './runner';

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
