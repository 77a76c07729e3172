/**
 * WAV files, as the echo provider speaks them and the gateway measures an upload (docs/media.md#audio): a RIFF header,
 * a `fmt ` chunk whose byte rate says how long the `data` chunk plays.
 */

/** The seconds a WAV file plays (from its header), or null when it is not one the gateway can read. */
export function wavSeconds(file: Buffer): number | null {
  if (file.length < 12 || file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') {
    return null;
  }
  let byteRate = 0;
  for (let at = 12; at + 8 <= file.length;) {
    const id = file.toString('ascii', at, at + 4);
    const size = file.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 16 <= file.length) byteRate = file.readUInt32LE(at + 16);
    if (id === 'data') {
      if (byteRate === 0) return null;
      // A streamed WAV may say 0 or 0xFFFFFFFF: what the file holds is what plays.
      const bytes = Math.min(size, file.length - at - 8);
      return bytes / byteRate;
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

/** 8-bit mono PCM: a byte a sample. */
const SAMPLE_RATE = 8_000;

/** A WAV of `seconds` of a quiet tone (440 Hz, 8 kHz mono, 8-bit): the echo provider's speech. */
export function toneWav(seconds: number): Buffer {
  const samples = Math.max(1, Math.round(seconds * SAMPLE_RATE));
  const file = Buffer.alloc(44 + samples);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(36 + samples, 4);
  file.write('WAVE', 8, 'ascii');
  file.write('fmt ', 12, 'ascii');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(1, 20); // PCM
  file.writeUInt16LE(1, 22); // mono
  file.writeUInt32LE(SAMPLE_RATE, 24);
  file.writeUInt32LE(SAMPLE_RATE, 28); // byte rate
  file.writeUInt16LE(1, 32); // block align
  file.writeUInt16LE(8, 34); // bits per sample
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++)
    file[44 + i] = 128 + Math.round(16 * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE));
  return file;
}
