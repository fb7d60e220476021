// Re-exported from the SDK package (packages/sdk).
export * from '../../packages/sdk/src/pacing.js';
