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
    rollupOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        manualChunks: {
          react: ['react', 'react-dom', 'react-router'],
          ui: ['radix-ui', 'lucide-react'],
          data: ['@tanstack/react-query', 'zod', 'date-fns'],
        },
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
