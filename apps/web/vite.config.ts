/// <reference types="vitest/config" />
import { randomBytes } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { antdStyles, antdZeroRuntimeStyles } from './antd-styles.ts';
import { firstRouteChunks } from './first-route-chunks.ts';
import { firstRoutePreload } from './first-route-preload.ts';

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

/**
 * antd's form context (imported by every antd input, and by the ConfigProvider) takes `FormProvider` from
 * `@rc-component/form`'s index, whose top level assigns Field, List, useForm… onto the default export: an import of
 * one name keeps the whole form library and its validator (~20 KB gzip) in the first route, which has no form.
 * That one import goes to the module that defines it; antd's Form itself still imports the index.
 */
function narrowAntdImports(): Plugin {
  return {
    name: 'ecohelm-narrow-antd-imports',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '@rc-component/form' &&
        importer?.replace(/\\/g, '/').endsWith('/antd/es/form/context.js')
      ) {
        return this.resolve('@rc-component/form/es/FormContext', importer, { skipSelf: true });
      }
      return null;
    },
  };
}

/** Where the dev server and preview send `/api` (the Ecohelm server, `npm start`). */
const apiTarget = process.env.ECOHELM_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    buildIdPlugin(),
    narrowAntdImports(),
    antdStyles(),
    antdZeroRuntimeStyles(),
    firstRoutePreload(),
  ],
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
    rolldownOptions: { output: { codeSplitting: firstRouteChunks } },
  },
  test: {
    setupFiles: ['./vitest.setup.ts'],
  },
});
