export { FilterError } from './types.js';
export type { FilterField, FilterFields, FilterNode, FilterOp, FilterValueType } from './types.js';
export { parseFilter } from './parser.js';
export { compileFilter } from './compile.js';
