import { describe, expect, it } from 'vitest';
import { validateWebVtt } from './webvtt.js';

// What the W3C parser makes of WebVTT files: the line of the first error, or the cues.
describe('validateWebVtt', () => {
  it('accepts a file with a header, identifiers, settings and styles, and counts its cues', () => {
    const text = 'WEBVTT - captions\n\nSTYLE\n::cue { color: yellow }\n\nintro\n00:00:00.000 --> 00:00:02.000 line:90% align:center\n<v Ada>Hello</v>\n\n'
      + '00:01:02.500 --> 00:01:04.250\nSecond &amp; last\n';
    expect(validateWebVtt(text, 'subtitles')).toEqual({ ok: true, cues: 2, endsAt: 64_250 });
    expect(validateWebVtt(`\ufeff${text.replace(/\n/g, '\r\n')}`, 'captions')).toMatchObject({ ok: true, cues: 2 });
  });

  it('names the line of the first error', () => {
    expect(validateWebVtt('WEBVT\n\n00:00:00.000 --> 00:00:01.000\nx\n', 'subtitles')).toMatchObject({ ok: false, line: 1 });
    expect(validateWebVtt('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nx\n\n00:00:61.000 --> 00:01:02.000\ny\n', 'subtitles'))
      .toMatchObject({ ok: false, line: 6, message: 'You cannot have more than 59 seconds.' });
    // A bad arrow makes line 6 a cue identifier: the parser reports the next line, which is no timestamp.
    expect(validateWebVtt('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nx\n\n00:00:02.000 -> 00:00:03.000\ny\n', 'subtitles'))
      .toMatchObject({ ok: false, line: 7, message: 'Cue identifier needs to be followed by timestamp.' });
    expect(validateWebVtt('WEBVTT\n\nlonely id\n\n', 'subtitles')).toMatchObject({ ok: false, line: 4, message: 'Cue identifier cannot be standalone.' });
  });

  it('refuses a file without cues', () => {
    expect(validateWebVtt('WEBVTT\n', 'subtitles')).toEqual({ ok: false, line: 1, message: 'The file has no cues.' });
  });
});
