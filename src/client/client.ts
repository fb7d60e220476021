// Re-exported from the SDK package (packages/sdk), so imports of this path keep working.
export * from '../../packages/sdk/src/client.js';
