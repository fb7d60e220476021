import { FilterError } from './types.js';

export type TokenKind = 'word' | 'string' | 'number' | '(' | ')' | ',' | 'eof';

export interface Token {
  kind: TokenKind;
  text: string;
  raw: string;
  column: number;
}

// A segment may hold inner hyphens: the reference names fields such as `process-form.id`.
const WORD = /[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*(?:\.[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*)*/y;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = /\s+/y;
const VISIBLE = /^[\p{L}\p{N}\p{P}\p{S}]$/u;

/** Renders a token or character for an error message, bounded so hostile input cannot bloat it. */
export function show(text: string): string {
  const chars = Array.from(text);
  if (chars.length === 1 && !VISIBLE.test(text)) {
    return `U+${(text.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return chars.length > 40 ? `${chars.slice(0, 40).join('')}...` : text;
}

/** Tokenises on demand so errors are reported in the order they occur in the input. */
export class Lexer {
  private pos = 0;
  private peeked: Token | undefined;

  constructor(private readonly input: string) {}

  peek(): Token {
    this.peeked ??= this.scan();
    return this.peeked;
  }

  next(): Token {
    const token = this.peek();
    this.peeked = undefined;
    return token;
  }

  private scan(): Token {
    const input = this.input;
    WHITESPACE.lastIndex = this.pos;
    if (WHITESPACE.test(input)) this.pos = WHITESPACE.lastIndex;
    const start = this.pos;
    const column = start + 1;
    if (start >= input.length) return { kind: 'eof', text: '', raw: '', column };

    const ch = input.charAt(start);
    if (ch === '(' || ch === ')' || ch === ',') {
      this.pos += 1;
      return { kind: ch, text: ch, raw: ch, column };
    }
    if (ch === "'" || ch === '"') return this.scanString(ch);

    for (const [kind, re] of [['word', WORD], ['number', NUMBER]] as const) {
      re.lastIndex = start;
      if (re.test(input)) {
        this.pos = re.lastIndex;
        const text = input.slice(start, this.pos);
        return { kind, text, raw: text, column };
      }
    }

    const bad = String.fromCodePoint(input.codePointAt(start) ?? 0);
    throw new FilterError(`Unexpected '${show(bad)}' at column ${column}`, column);
  }

  private scanString(quote: string): Token {
    const input = this.input;
    const start = this.pos;
    let text = '';
    let i = start + 1;
    while (i < input.length) {
      const ch = input.charAt(i);
      if (ch === quote) {
        this.pos = i + 1;
        return { kind: 'string', text, raw: input.slice(start, this.pos), column: start + 1 };
      }
      if (ch === '\\') {
        const escaped = input.charAt(i + 1);
        if (escaped === '') break;
        if (escaped !== '\\' && escaped !== "'" && escaped !== '"') {
          const shown = show(String.fromCodePoint(input.codePointAt(i + 1) ?? 0));
          throw new FilterError(
            `Invalid escape '\\${shown}' at column ${i + 1}; inside quotes only \\', \\" and \\\\ are allowed`,
            i + 1,
          );
        }
        text += escaped;
        i += 2;
        continue;
      }
      // PostgreSQL text cannot hold NUL, so reject it here rather than fail later in the driver.
      if (ch === '\u0000') {
        throw new FilterError(`Invalid character U+0000 in string at column ${i + 1}`, i + 1);
      }
      text += ch;
      i += 1;
    }
    throw new FilterError(`Unterminated string starting at column ${start + 1}`, start + 1);
  }
}
