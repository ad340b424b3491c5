import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const server = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    // Origin is passed through unchanged so the server's same-origin check sees the dev origin.
    proxy: {
      '/api': { target: server, ws: true },
      '/healthz': { target: server },
    },
  },
  build: {
    // The Go binary embeds the build from there (internal/webapp, build tag webdist).
    outDir: '../internal/webapp/dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
