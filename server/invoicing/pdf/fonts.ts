import { createRequire } from 'node:module';
import fs from 'node:fs';
import type * as Fontkit from 'fontkit';

/**
 * The documents' typeface: DejaVu Sans (the dejavu-fonts-ttf package, Bitstream Vera licence), embedded as a subset in
 * each PDF. Unlike the PDF standard fonts (Latin-1 only) it prints the Latin, Greek and Cyrillic names of companies and
 * streets across Europe; what it cannot print (CJK, say) is refused when billing details are saved (unprintable).
 */
const resolve = createRequire(__filename).resolve;
const FONT_FILES = {
  regular: resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

let fonts: Record<keyof typeof FONT_FILES, Buffer> | null = null;

/** The two faces' bytes, read once (each document embeds the subset it uses). */
export function fontData(): Record<keyof typeof FONT_FILES, Buffer> {
  fonts ??= { regular: fs.readFileSync(FONT_FILES.regular), bold: fs.readFileSync(FONT_FILES.bold) };
  return fonts;
}

let regular: Fontkit.Font | null = null;

/**
 * fontkit, loaded when a text is first checked: a start that never saves billing details never needs it. fontkit 3 is
 * an ES module; Node loads it with `require` since 20.19 (package.json's engines). Its types are still
 * @types/fontkit's (2.x): `create` and `hasGlyphForCodePoint`, all this uses, did not change. pdfkit keeps its own
 * fontkit 2 for drawing.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fontkit = () => require('fontkit') as typeof Fontkit;

/** The characters of `text` the documents' font has no glyph for, each once. */
export function unprintable(text: string): string[] {
  regular ??= fontkit().create(fontData().regular) as Fontkit.Font;
  const font = regular;
  const missing = new Set<string>();
  for (const char of text) {
    if (char !== '\n' && !font.hasGlyphForCodePoint(char.codePointAt(0)!)) missing.add(char);
  }
  return [...missing];
}
