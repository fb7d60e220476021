import webvtt from 'webvtt-parser';

/** A WebVTT file that passed validation. */
export interface ValidWebVtt {
  readonly ok: true;
  readonly cues: number;
  /** End of the last cue, in milliseconds. */
  readonly endsAt: number;
}
export interface InvalidWebVtt {
  readonly ok: false;
  /** 1-based line of the first error. */
  readonly line: number;
  readonly message: string;
}

/**
 * Validates a WebVTT file with W3C's parser (webvtt.js, the validator behind
 * the W3C's own checker). Any error it reports refuses the file, with the
 * line of the first one, so a player never gets a track that half works.
 */
export function validateWebVtt(text: string, kind: string): ValidWebVtt | InvalidWebVtt {
  const parser = new webvtt.WebVTTParser();
  const mode = kind === 'metadata' ? 'metadata' : kind === 'chapters' ? 'chapters' : undefined;
  const result = parser.parse(text, mode);
  const first = [...result.errors].sort((a, b) => a.line - b.line)[0];
  if (first) return { ok: false, line: first.line, message: first.message };
  if (result.cues.length === 0) return { ok: false, line: 1, message: 'The file has no cues.' };
  return { ok: true, cues: result.cues.length, endsAt: Math.round(Math.max(...result.cues.map((c) => c.endTime)) * 1000) };
}
