import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Deps } from '../deps';
import { createAppShell } from '../lib/appShell';
import { ANSWER_ENCODERS, FILE_ENCODERS, MIN_COMPRESS_BYTES, acceptedEncoding, withVary } from '../lib/compression';
import { HttpError } from '../lib/errors';
import { pageAnswers } from '../lib/pageData';
import { readToken } from '../plugins/auth';
import { authUserOf } from '../sessions/routes';
import { unknownGatewayUrl } from '../gateway/routes';

const DEFAULT_ROBOTS = 'User-agent: *\nAllow: /\n';

// Text files of the built app are sent compressed (the main bundle shrinks from ~500 KB to ~150 KB): each file is
// compressed once, on its first request, and kept in memory until it changes on disk.
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The built app from dist/: files as they are, index.html for any other GET that accepts HTML (client-side routes),
 * and JSON 404s for /v1 and everything else (in OpenAI's envelope for gateway clients).
 */
export async function staticRoutes(app: FastifyInstance, { config, db, guards }: Deps) {
  const distDir = config.distDir;
  const hasDist = fs.existsSync(path.join(distDir, 'index.html'));
  // The file behind each static reply (noted in setHeaders) and the compressed bodies, per encoding and file version.
  const servedFiles = new WeakMap<FastifyReply, string>();
  const compressed = new Map<string, Promise<Buffer>>();

  if (hasDist) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Missing files fall through to the not-found handler below.
      index: false,
      setHeaders(reply, filePath, stat) {
        // Hashed bundles never change; index.html must always be revalidated to pick up new bundles.
        const cache = filePath.endsWith('.html')
          ? 'no-cache'
          : /\.[0-9a-f]{8,}\./.test(filePath)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600';
        reply.header('cache-control', cache);
        if (COMPRESSIBLE.test(filePath) && stat.size >= MIN_COMPRESS_BYTES) {
          reply.header('vary', withVary(reply.getHeader('vary'), 'accept-encoding'));
          servedFiles.set(reply, `${filePath}:${stat.size}:${stat.mtimeMs}`);
        }
      },
    });

    // With `done` rather than async: it runs on every reply of the server, the gateway's too (server/app.ts says why).
    app.addHook('onSend', (request, reply, payload, done) => {
      const file = servedFiles.get(reply);
      const encoding = file && acceptedEncoding(request.headers['accept-encoding']);
      // Only whole files: a 304 has no body, a range request wants bytes of the original.
      if (!file || !encoding || reply.statusCode !== 200 || request.method !== 'GET' || request.headers.range) {
        return done(null, payload);
      }
      const key = `${encoding}:${file}`;
      const stream = payload as Readable;
      let body = compressed.get(key);
      if (body) {
        stream.destroy();
      } else {
        body = readAll(stream).then(FILE_ENCODERS[encoding]);
        compressed.set(key, body);
        // A failed read is not remembered: the next request tries again.
        body.catch(() => compressed.delete(key));
      }
      reply.header('content-encoding', encoding);
      body.then((compressedBody) => done(null, compressedBody), done);
    });
  }

  // index.html for a client-side route, with that route's chunks preloaded (see lib/appShell.ts).
  const appShell = createAppShell(distDir, { devTools: config.reduxDevtools });
  /** Who is signed in, checked as /v1/auth/me checks it; null for no session or one the server no longer accepts. */
  const signedInUser = async (request: FastifyRequest) => {
    if (!readToken(request)) return null;
    try {
      await guards.authenticate(request);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) return null;
      throw error;
    }
    return authUserOf(db, request);
  };
  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    const user = await signedInUser(request);
    if (appShell.sendsToLogin(pathname, user)) return reply.header('cache-control', 'no-store').redirect('/login');
    // With a session, the page also carries the answers to its first queries (lib/pageData.ts).
    const answers = user
      ? await pageAnswers(app, appShell.route(pathname), { cookie: request.headers.cookie ?? '' })
      : [];
    const html = appShell.render(pathname, user, answers);
    if (html === null) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    // The page carries the signed-in user: never stored by a shared cache, and different per session cookie.
    reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'cookie, accept-encoding')
      .type('text/html; charset=utf-8');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding || html.length < MIN_COMPRESS_BYTES) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await ANSWER_ENCODERS[encoding](Buffer.from(html)));
  };

  // With `index: false` the static plugin answers the root directory with 403; the root is the app like any route.
  if (hasDist) app.get('/', async (request, reply) => sendApp(request, reply));

  app.get('/robots.txt', async (_request, reply) => {
    const file = path.join(distDir, 'robots.txt');
    const body = fs.existsSync(file) ? await fs.promises.readFile(file, 'utf8') : DEFAULT_ROBOTS;
    return reply.type('text/plain; charset=utf-8').send(body);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const unknown = unknownGatewayUrl(app, request);
    if (unknown) return reply.code(unknown.statusCode).send(unknown.body);
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const isApi = request.url === '/v1' || request.url.startsWith('/v1/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml && hasDist) {
      return sendApp(request, reply);
    }
    return reply
      .code(404)
      .send({ code: 'NOT_FOUND', message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}
