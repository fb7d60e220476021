// Types for webvtt-parser (W3C's webvtt.js), which ships none: only what eventline calls.
declare module 'webvtt-parser' {
  export interface WebVTTParseError {
    readonly message: string;
    /** 1-based line of the input. */
    readonly line: number;
    readonly col?: number;
  }
  export interface WebVTTCue {
    readonly id: string;
    readonly startTime: number;
    readonly endTime: number;
    readonly text: string;
  }
  export interface WebVTTParseResult {
    readonly cues: WebVTTCue[];
    readonly errors: WebVTTParseError[];
    readonly time: number;
  }
  export class WebVTTParser {
    parse(input: string, mode?: 'metadata' | 'chapters'): WebVTTParseResult;
  }
}
