import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Writes .br and .gz beside every text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'storefront-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const walk = async (dir: string): Promise<string[]> => {
        const entries = await fs.readdir(dir, { withFileTypes: true });
        const nested = await Promise.all(
          entries.map((e) =>
            e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
          ),
        );
        return nested.flat();
      };
      const files = (await walk(outDir)).filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file);
          if (data.length < 1024) return;
          await fs.writeFile(`${file}.gz`, await gzip(data, { level: 9 }));
          await fs.writeFile(
            `${file}.br`,
            await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      {
        // React Router's package exports only its development build, whose warnings (and their
        // words) run and ship in production; its production build differs by that one flag.
        find: /^react-router$/,
        replacement: path.resolve(
          import.meta.dirname,
          '../../node_modules/react-router/dist/production/index.mjs',
        ),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.API_ORIGIN ?? 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    // Every browser es2022 targets but Safari before 17 preloads modules itself; there a missing
    // preload only costs a round trip, while the polyfill cost every phone 300 B of the home page.
    modulePreload: { polyfill: false },
    sourcemap: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page runs, in one file: left alone, the bundler splits pieces of it
              // into small shared chunks, each a request and its own gzip overhead.
              name: 'vendor',
              test: /node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/(query-core|react-query))\//,
            },
            {
              // The schema library, for the forms and the pages that check input: its own file,
              // or the bundler hoists it into the entry every page loads (some 25 kB gzip).
              name: 'zod',
              test: /node_modules\/zod\//,
            },
          ],
        },
      },
    },
  },
});
