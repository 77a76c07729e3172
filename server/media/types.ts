import type { MediaEndpoint } from '../../contract/mediaUnits';

/** A file of a multipart request (an image to edit, audio to transcribe), as the gateway received it. */
export interface MediaFile {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * A media request as it is sent on (docs/media.md): its fields (a JSON body's, or a form's text parts, a repeated
 * part as a list) and its files. Sent as JSON when it has no file, as multipart/form-data when it has.
 */
export interface MediaPayload {
  fields: Record<string, unknown>;
  files: MediaFile[];
}

/** A provider's whole reply to a media request: an image's JSON, a transcript, audio bytes. */
export interface MediaReply {
  status: number;
  contentType: string;
  body: Buffer;
}

export interface MediaCall {
  endpoint: MediaEndpoint;
  /** The SHA-256 hash of the caller's API key. */
  keyHash: string;
  model: string;
  payload: MediaPayload;
}
