import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs separately (`npm run dev` at the root, port 4000);
// proxying keeps the app same-origin so the SameSite session cookie and the
// server's CSRF prevention behave exactly as in production, where the server
// serves the built client itself.
const api = 'http://localhost:4000';

export default defineConfig({
  plugins: [react()],
  // The workspace packages (@seedbed/engine/document) from their TypeScript sources: nothing to build first.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/graphql': { target: api, ws: true },
      '/api': api,
      '/healthz': api,
      '/schemas': api,
    },
  },
});
