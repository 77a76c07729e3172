import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Deps } from '../deps';

const DEFAULT_ROBOTS = 'User-agent: *\nAllow: /\n';

/**
 * The built app from dist/: files as they are, index.html for any other GET that accepts HTML (client-side routes),
 * and JSON 404s for /v1 and everything else.
 */
export async function staticRoutes(app: FastifyInstance, { config }: Deps) {
  const distDir = config.distDir;
  const hasDist = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Missing files fall through to the not-found handler below.
      index: false,
      setHeaders(reply, filePath) {
        // Hashed bundles never change; index.html must always be revalidated to pick up new bundles.
        const cache = filePath.endsWith('.html')
          ? 'no-cache'
          : /\.[0-9a-f]{8,}\./.test(filePath)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600';
        reply.header('cache-control', cache);
      },
    });
  }

  // With `index: false` the static plugin answers the root directory with 403; the root is the app like any route.
  if (hasDist)
    app.get('/', async (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));

  app.get('/robots.txt', async (_request, reply) => {
    const file = path.join(distDir, 'robots.txt');
    const body = fs.existsSync(file) ? await fs.promises.readFile(file, 'utf8') : DEFAULT_ROBOTS;
    return reply.type('text/plain; charset=utf-8').send(body);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const isApi = request.url === '/v1' || request.url.startsWith('/v1/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml && hasDist) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ code: 'NOT_FOUND', message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}
