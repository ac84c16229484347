/// <reference types="vitest/config" />
import { randomBytes } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Stamps every build with one id: `import.meta.env.VITE_BUILD_ID` in the code and `dist/version.json`
 * beside it. The running console polls `/version.json` and offers a reload when the ids differ
 * (ships keep consoles open for weeks). `ECOHELM_BUILD_ID` overrides the generated id.
 */
function buildIdPlugin(): Plugin {
  const buildId =
    process.env.ECOHELM_BUILD_ID ??
    `${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}-${randomBytes(3).toString('hex')}`;
  const body = `${JSON.stringify({ buildId })}\n`;
  return {
    name: 'ecohelm-build-id',
    config: () => ({ define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) } }),
    configureServer(server) {
      server.middlewares.use('/version.json', (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.setHeader('cache-control', 'no-store');
        res.end(body);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: body });
    },
  };
}

/** Where the dev server and preview send `/api` (the Ecohelm server, `npm start`). */
const apiTarget = process.env.ECOHELM_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), buildIdPlugin()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: { proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
  },
  test: {
    setupFiles: ['./vitest.setup.ts'],
  },
});
