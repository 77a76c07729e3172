import type { GeminiPart } from './geminiTypes';

/**
 * What the Gemini translations share about a part: a function's result both ways (OpenAI and Anthropic carry it as
 * text, Gemini as an object), and the characters a model generated in it (to estimate a stream cut short).
 */

/**
 * A tool's text result as Gemini's functionResponse.response: a JSON object as it is; any other text under `output`,
 * the key Google reads a function's output from.
 */
export function functionResponseOf(content: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(content);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Plain text: below.
  }
  return { output: content };
}

/** Gemini's functionResponse.response as a tool's text result: the `output` text alone, else the object as JSON. */
export function toolContentOf(response: Record<string, unknown> | undefined): string {
  if (response === undefined) return '';
  const keys = Object.keys(response);
  if (keys.length === 1 && typeof response.output === 'string') return response.output;
  return JSON.stringify(response);
}

/** A function call's arguments as OpenAI's JSON string (Gemini leaves `args` out for a call without any). */
export const argumentsOf = (args: Record<string, unknown> | undefined) => JSON.stringify(args ?? {});

/** Characters a part holds that the model generated: its text (thoughts too), a function call's name and arguments. */
export function partChars(part: GeminiPart): number {
  let chars = typeof part.text === 'string' ? part.text.length : 0;
  if (part.functionCall) chars += (part.functionCall.name ?? '').length + argumentsOf(part.functionCall.args).length;
  return chars;
}
