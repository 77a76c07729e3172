/**
 * The echo provider's media endpoints (docs/media.md#the-echo-models), offline and deterministic: a tiny PNG per image
 * asked for, a transcript of a fixed sentence with the audio's length, a WAV tone as long as the text would take to
 * say, and documents scored by the words they share with the query. Each reports what it is billed by, in the shape
 * its real API does (images: `data`; audio: `usage.seconds`; rerank: `meta.billed_units`).
 */
import { tinyPng } from '../../../media/png';
import { toneWav, wavSeconds } from '../../../media/wav';
import type { MediaPayload, MediaReply } from '../../../media/types';
import { echoId, openAiError, unixSeconds } from './common';

const json = (body: unknown, status = 200): MediaReply => ({
  status,
  contentType: 'application/json',
  body: Buffer.from(JSON.stringify(body)),
});
const text = (body: string, contentType = 'text/plain; charset=utf-8'): MediaReply => ({
  status: 200,
  contentType,
  body: Buffer.from(body),
});

const field = (payload: MediaPayload, name: string) => {
  const value = payload.fields[name];
  return typeof value === 'string' ? value : value === undefined ? undefined : String(value);
};

function images({ fields }: MediaPayload, edited: boolean): MediaReply {
  const prompt = String(fields.prompt ?? '');
  const n = Number(fields.n ?? 1);
  const asUrl = fields.response_format === 'url';
  const data = Array.from({ length: n }, (_, index) => {
    const png = tinyPng(`${edited ? 'edit:' : ''}${prompt}#${index}`).toString('base64');
    return asUrl ? { url: `data:image/png;base64,${png}` } : { b64_json: png };
  });
  return json({ created: unixSeconds(), data, ...(edited ? {} : { revised_prompt: prompt }) });
}

/** Speech takes about 15 characters a second. */
const CHARACTERS_PER_SECOND = 15;

function transcript(payload: MediaPayload, task: 'transcribe' | 'translate'): MediaReply {
  const file = payload.files.find((candidate) => candidate.field === 'file');
  const seconds = file ? (wavSeconds(file.content) ?? file.content.length / 16_000) : 0;
  const words = `This is the echo ${task === 'translate' ? 'translation' : 'transcript'} of ${file?.filename ?? 'the audio'}.`;
  const format = field(payload, 'response_format') ?? 'json';
  const rounded = Math.round(seconds * 100) / 100;
  if (format === 'text') return text(words);
  if (format === 'srt') return text(`1\n00:00:00,000 --> 00:00:0${Math.min(9, Math.ceil(seconds))},000\n${words}\n`);
  if (format === 'vtt')
    return text(`WEBVTT\n\n00:00.000 --> 00:0${Math.min(9, Math.ceil(seconds))}.000\n${words}\n`, 'text/vtt');
  if (format === 'verbose_json') {
    return json({
      task: task === 'translate' ? 'translate' : 'transcribe',
      language: 'english',
      duration: rounded,
      text: words,
      segments: [],
      usage: { type: 'duration', seconds: Math.ceil(seconds) },
    });
  }
  return json({ text: words, usage: { type: 'duration', seconds: Math.ceil(seconds) } });
}

function speech({ fields }: MediaPayload): MediaReply {
  const input = String(fields.input ?? '');
  const format = fields.response_format ?? 'mp3';
  if (format !== 'wav' && format !== 'mp3' && format !== 'pcm') {
    return json(
      openAiError(
        `The echo voice speaks wav only (asked for ${String(format)}).`,
        'invalid_request_error',
        null,
        'response_format',
      ),
      400,
    );
  }
  // Echo has one codec: a WAV whatever was asked, as its content type says.
  return { status: 200, contentType: 'audio/wav', body: toneWav([...input].length / CHARACTERS_PER_SECOND) };
}

const wordsOf = (value: string) => new Set(value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

function rerank({ fields }: MediaPayload): MediaReply {
  const query = wordsOf(String(fields.query ?? ''));
  const documents = Array.isArray(fields.documents) ? fields.documents : [];
  const texts = documents.map((document) =>
    typeof document === 'string' ? document : String((document as { text?: unknown })?.text ?? ''),
  );
  const scored = texts.map((document, index) => {
    const words = wordsOf(document);
    const shared = [...query].filter((word) => words.has(word)).length;
    return { index, relevance_score: query.size === 0 ? 0 : Math.round((shared / query.size) * 1e4) / 1e4 };
  });
  scored.sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index);
  const topN = typeof fields.top_n === 'number' ? fields.top_n : scored.length;
  const results = scored
    .slice(0, topN)
    .map((result) => (fields.return_documents ? { ...result, document: { text: texts[result.index] } } : result));
  return json({
    id: echoId('rerank-'),
    results,
    meta: { api_version: { version: '2' }, billed_units: { search_units: Math.ceil(documents.length / 100) } },
  });
}

/** The echo provider's media endpoints, by the path under its (imaginary) base URL. */
export const ECHO_MEDIA: Record<string, (payload: MediaPayload) => MediaReply> = {
  '/images/generations': (payload) => images(payload, false),
  '/images/edits': (payload) => images(payload, true),
  '/audio/transcriptions': (payload) => transcript(payload, 'transcribe'),
  '/audio/translations': (payload) => transcript(payload, 'translate'),
  '/audio/speech': speech,
  '/rerank': rerank,
};
