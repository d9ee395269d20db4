import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build-plugins/precompress.ts';

// The API runs on the server's port in development; the built app is served by the server itself.
const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/backend': apiTarget,
      '/healthz': apiTarget,
    },
  },
  build: {
    target: 'es2022',
    // The server's CSP is `script-src 'self'`: keep every script an external file.
    assetsInlineLimit: 0,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // @portal/protocol builds its zod schemas at module top level, which a bundler must
        // otherwise keep. Its modules have no other effects, so the login page ships the
        // envelope crypto without zod, and zod loads with the forms that validate with it.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]protocol[\\/]src[\\/]/.test(id),
      },
    },
  },
});
