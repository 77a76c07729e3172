import type { MediaPayload } from './types';

/**
 * A media request's body as a provider takes it: JSON when it has no file, else multipart/form-data (each field a
 * text part, a list a part per item, each file with its name and type), encoded by the platform's FormData.
 */
export async function encodeMedia(payload: MediaPayload): Promise<{ body: Buffer; contentType: string }> {
  if (payload.files.length === 0) {
    return { body: Buffer.from(JSON.stringify(payload.fields)), contentType: 'application/json' };
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(payload.fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      form.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  for (const file of payload.files) {
    form.append(file.field, new Blob([new Uint8Array(file.content)], { type: file.contentType }), file.filename);
  }
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
}
