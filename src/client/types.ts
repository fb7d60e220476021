// Re-exported from the SDK package (packages/sdk): the planner UI reads the API's types from here.
export type * from '../../packages/sdk/src/types.js';
