import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * The reader of one JSON text column: parses the stored text and checks it
 * against the column's schema, so a row mapper gets a typed value instead of
 * a blind cast. A value that does not match is a bug or an edited row; it
 * throws, and the request fails with a 500 that reveals nothing.
 */
export function jsonColumn<T extends TSchema>(column: string, schema: T): (text: string) => Static<T> {
  const validator = Compile(schema);
  return (text) => {
    const value: unknown = JSON.parse(text);
    if (!validator.Check(value)) throw new Error(`The JSON stored in ${column} does not match its schema`);
    return value;
  };
}
