import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * What the server compresses and how, for the built app's files (routes/static.ts) and the dashboard's API answers
 * (plugins/compressAnswers.ts). zlib's asynchronous calls run on libuv's thread pool, off the event loop.
 */

/** Below this, compressing saves less than the headers it adds. */
export const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const brotliAt = (quality: number) => (data: Buffer) =>
  brotli(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
const gzipAt = (level: number) => (data: Buffer) => gzip(data, { level });

/** A file of the build: compressed once per version and kept, so at the highest levels. */
export const FILE_ENCODERS = { br: brotliAt(9), gzip: gzipAt(9) };
/**
 * A body made for one request (a page's HTML with its first data, an API answer): levels a few times faster than the
 * files' for a few per cent more bytes.
 */
export const ANSWER_ENCODERS = { br: brotliAt(5), gzip: gzipAt(6) };
/**
 * A body of a megabyte or more (10,000 API keys are 6.8 MB of JSON): brotli's quality 1 made it 373 KB in 16 ms where
 * quality 5 took 125 ms for 327 KB, and gzip's level 6 27 ms for 404 KB (measured in docs/performance.md).
 */
export const LARGE_ANSWER_BYTES = 1024 * 1024;
export const LARGE_ANSWER_ENCODERS = { br: brotliAt(1), gzip: gzipAt(6) };

export type Encoding = keyof typeof FILE_ENCODERS;

/** br, else gzip, when the client accepts it (a `q=0` refuses an encoding). */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  const accepted = (header ?? '').split(',').flatMap((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    return params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)) ? [] : [name.trim()];
  });
  return (['br', 'gzip'] as const).find((encoding) => accepted.includes(encoding)) ?? null;
}

/** A Vary header's value with `name` added once. */
export function withVary(current: unknown, name: string): string {
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  return values.some((value) => value.toLowerCase() === name.toLowerCase())
    ? values.join(', ')
    : [...values, name].join(', ');
}
