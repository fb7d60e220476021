import { defineConfig } from 'vite';

// Vite's own transform handles TSX (automatic JSX runtime); no React plugin is
// needed for a production build, which is all `npm install` / `npm start` make.
export default defineConfig({
  base: '/',
  logLevel: 'warn',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022' },
  oxc: { jsx: { runtime: 'automatic' } },
});
