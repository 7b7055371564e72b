import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
  },
  ssr: {
    // Bundle everything the SSR entry imports except native/server packages, so dist/server is self-contained.
    noExternal: ['radix-ui', /^@radix-ui\//, 'lucide-react'],
  },
});
