// The SDK lives in its own package (packages/sdk, published as eventline-sdk); the server's
// `eventline/client` export and its own imports (CLI, sync jobs, tests) keep working through here.
export * from '../../packages/sdk/src/index.js';
