import { Lexer, show, type Token } from './lexer.js';
import {
  BINARY_OPS,
  FilterError,
  LIKE_OPS,
  displayOp,
  isBinaryOp,
  lookupField,
  type FilterField,
  type FilterFields,
  type FilterNode,
  type FilterOp,
} from './types.js';
import { normaliseValue } from './values.js';

export const MAX_FILTER_LENGTH = 4000;
export const MAX_NESTING = 32;
export const MAX_IN_VALUES = 200;
export const MAX_COMPARISONS = 100;

const OPERATOR_LIST = 'eq, ne, lt, le, gt, ge, sw, ew, co, contains, match, in, is empty, is not empty, is null, is not null';

type Value = string | number | boolean;

function unexpected(token: Token, expected?: string): FilterError {
  const what =
    token.kind === 'eof'
      ? 'end of filter'
      : token.kind === 'string' || token.kind === 'number'
        ? `value ${show(token.raw)}`
        : `'${show(token.raw)}'`;
  const hint = expected === undefined ? '' : `; expected ${expected}`;
  return new FilterError(`Unexpected ${what} at column ${token.column}${hint}`, token.column);
}

function isKeyword(token: Token, keyword: string): boolean {
  return token.kind === 'word' && token.text.toLowerCase() === keyword;
}

/*
 * Recursive descent over:  or := and ('or' and)* ; and := primary ('and' primary)* ;
 * primary := '(' or ')' | comparison. Recursion only happens through '(' and is capped by MAX_NESTING,
 * so the call stack stays shallow whatever the input.
 */
class Parser {
  private readonly lexer: Lexer;
  private depth = 0;
  private comparisons = 0;

  constructor(
    input: string,
    private readonly fields: FilterFields,
  ) {
    this.lexer = new Lexer(input);
  }

  parse(): FilterNode {
    const node = this.parseOr();
    const rest = this.lexer.peek();
    if (rest.kind === ')') {
      throw new FilterError(`Unbalanced parenthesis at column ${rest.column}`, rest.column);
    }
    if (rest.kind !== 'eof') throw unexpected(rest, "'and', 'or' or the end of the filter");
    return node;
  }

  private parseOr(): FilterNode {
    return this.parseChain('or', () => this.parseAnd());
  }

  private parseAnd(): FilterNode {
    return this.parseChain('and', () => this.parsePrimary());
  }

  /** operand (keyword operand)*, grouped from the left. */
  private parseChain(keyword: 'and' | 'or', operand: () => FilterNode): FilterNode {
    let left = operand();
    while (isKeyword(this.lexer.peek(), keyword)) {
      this.lexer.next();
      left = { kind: keyword, left, right: operand() };
    }
    return left;
  }

  private parsePrimary(): FilterNode {
    const open = this.lexer.peek();
    if (open.kind !== '(') return this.parseComparison();
    this.lexer.next();
    this.depth += 1;
    if (this.depth > MAX_NESTING) {
      throw new FilterError(
        `Parentheses are nested deeper than ${MAX_NESTING} levels at column ${open.column}`,
        open.column,
      );
    }
    const inner = this.parseOr();
    const close = this.lexer.next();
    if (close.kind === 'eof') {
      throw new FilterError(`Unbalanced parenthesis at column ${open.column}`, open.column);
    }
    if (close.kind !== ')') throw unexpected(close, "'and', 'or' or ')'");
    this.depth -= 1;
    return inner;
  }

  private parseComparison(): FilterNode {
    const nameToken = this.lexer.next();
    if (nameToken.kind !== 'word') {
      if (nameToken.kind === 'eof') {
        throw new FilterError(`Expected a field name at column ${nameToken.column}`, nameToken.column);
      }
      throw unexpected(nameToken, 'a field name');
    }
    const name = nameToken.text;
    const field = lookupField(this.fields, name);
    if (field === undefined) {
      throw new FilterError(
        `Unknown field '${show(name)}' at column ${nameToken.column}; filterable fields: ${Object.keys(this.fields).join(', ')}`,
        nameToken.column,
      );
    }
    this.comparisons += 1;
    if (this.comparisons > MAX_COMPARISONS) {
      throw new FilterError(
        `Too many comparisons at column ${nameToken.column}; the maximum is ${MAX_COMPARISONS}`,
        nameToken.column,
      );
    }

    const opToken = this.lexer.next();
    const op = this.parseOperator(name, opToken);
    if (!field.ops.includes(op)) {
      throw new FilterError(
        `Operator '${displayOp(op)}' is not allowed for field '${name}' at column ${opToken.column}; allowed: ${field.ops.map(displayOp).join(', ')}`,
        opToken.column,
      );
    }

    let values: Value[];
    if (op === 'in') values = this.parseInList(name, field);
    else if (BINARY_OPS.has(op)) values = [this.parseOneValue(name, field, op, op)];
    else values = [];
    return { kind: 'cmp', field: name, op, values };
  }

  private parseOperator(fieldName: string, token: Token): FilterOp {
    if (token.kind !== 'word') {
      throw new FilterError(
        `Expected an operator after '${show(fieldName)}' at column ${token.column}; operators: ${OPERATOR_LIST}`,
        token.column,
      );
    }
    const keyword = token.text.toLowerCase();
    if (keyword === 'in' || isBinaryOp(keyword)) return keyword;
    if (keyword !== 'is') {
      throw new FilterError(
        `Unknown operator '${show(token.text)}' at column ${token.column}; operators: ${OPERATOR_LIST}`,
        token.column,
      );
    }
    let next = this.lexer.next();
    const negated = isKeyword(next, 'not');
    if (negated) next = this.lexer.next();
    if (isKeyword(next, 'empty')) return negated ? 'isNotEmpty' : 'isEmpty';
    if (isKeyword(next, 'null')) return negated ? 'isNotNull' : 'isNull';
    const after = negated ? 'is not' : 'is';
    const choices = negated ? "'empty' or 'null'" : "'empty', 'null' or 'not'";
    throw new FilterError(`Expected ${choices} after '${after}' at column ${next.column}`, next.column);
  }

  private parseOneValue(fieldName: string, field: FilterField, op: FilterOp, after: string): Value {
    const token = this.lexer.next();
    const isBareBool = isKeyword(token, 'true') || isKeyword(token, 'false');
    if (token.kind !== 'string' && token.kind !== 'number' && !isBareBool) {
      const hint = token.kind === 'word' ? `; put text in quotes, e.g. '${show(token.text)}'` : '';
      throw new FilterError(`Expected a value after '${after}' at column ${token.column}${hint}`, token.column);
    }
    if (!LIKE_OPS.has(op)) return normaliseValue(fieldName, field, token);
    // Pattern operators match the text form of the column, so the value stays text whatever the field type.
    if (op === 'match' && !/\S/.test(token.text)) {
      throw new FilterError(`Expected at least one word after 'match' at column ${token.column}`, token.column);
    }
    return token.text;
  }

  private parseInList(fieldName: string, field: FilterField): Value[] {
    const open = this.lexer.next();
    if (open.kind !== '(') {
      throw new FilterError(`Expected '(' after 'in' at column ${open.column}`, open.column);
    }
    const values: Value[] = [];
    let after = 'in (';
    for (;;) {
      const position = this.lexer.peek().column;
      if (values.length === MAX_IN_VALUES) {
        throw new FilterError(
          `Too many values in 'in' list at column ${position}; the maximum is ${MAX_IN_VALUES}`,
          position,
        );
      }
      values.push(this.parseOneValue(fieldName, field, 'in', after));
      const sep = this.lexer.next();
      if (sep.kind === ')') return values;
      if (sep.kind === 'eof') {
        throw new FilterError(`Unbalanced parenthesis at column ${open.column}`, open.column);
      }
      if (sep.kind !== ',') throw unexpected(sep, "',' or ')'");
      after = ',';
    }
  }
}

export function parseFilter(input: string, fields: FilterFields): FilterNode {
  if (input.length > MAX_FILTER_LENGTH) {
    const column = MAX_FILTER_LENGTH + 1;
    throw new FilterError(
      `Filter is longer than ${MAX_FILTER_LENGTH} characters at column ${column}`,
      column,
    );
  }
  return new Parser(input, fields).parse();
}
