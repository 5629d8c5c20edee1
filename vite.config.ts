import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { blogContent } from './scripts/vite-plugin-blog';

export default defineConfig({
  root: 'src/web',
  publicDir: path.resolve('public'),
  plugins: [react(), tailwindcss(), blogContent()],
  resolve: {
    alias: {
      '@': path.resolve('src/web'),
      '@shared': path.resolve('src/shared'),
    },
  },
  build: {
    outDir: path.resolve('dist/web'),
    emptyOutDir: true,
    // scripts/check-budgets.ts reads what each route loads from here.
    manifest: true,
    rollupOptions: {
      output: {
        // React and the router change less often than our code: their chunk stays cached across deploys.
        // Everything else is split where it is first needed, so the landing loads only what it shows.
        manualChunks: { react: ['react', 'react-dom', 'react-dom/client', 'react-router'] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/auth': 'http://localhost:3000',
      '/dev-idp': 'http://localhost:3000',
      '/dev-mail': 'http://localhost:3000',
      '/mail': 'http://localhost:3000',
    },
  },
});
