import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

interface FontCatalogue {
  fonts: { package: string; faces: { file: string }[] }[];
}

/**
 * The fonts Strata serves (internal/webapp/fonts.json, which the server lists to clients): their
 * files are copied from their npm packages to /fonts/ in the build, and served from there in dev.
 */
function servedFonts(): Plugin {
  const catalogue = JSON.parse(readFileSync(new URL('../internal/webapp/fonts.json', import.meta.url), 'utf8')) as FontCatalogue;
  const files = new Map<string, string>();
  for (const font of catalogue.fonts) {
    for (const face of font.faces) {
      files.set(face.file, fileURLToPath(new URL(`./node_modules/${font.package}/files/${face.file}`, import.meta.url)));
    }
  }
  return {
    name: 'strata-served-fonts',
    generateBundle() {
      for (const [file, path] of files) this.emitFile({ type: 'asset', fileName: `fonts/${file}`, source: readFileSync(path) });
    },
    configureServer(server) {
      server.middlewares.use('/fonts/', (req, res, next) => {
        const path = files.get((req.url ?? '').replace(/^\//, '').split('?')[0] ?? '');
        if (!path) {
          next();
          return;
        }
        res.setHeader('Content-Type', 'font/woff2');
        res.end(readFileSync(path));
      });
    },
  };
}

const server = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), servedFonts()],
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
