// First: zod must read its settings before any schema is built (see the module).
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/router';
import { PREPAINT_LIMIT_MS, revealApp } from './lib/prepaint';
import './styles.css';

const queryClient = createQueryClient();

// The page a server's first paint stands for takes it away when it mounts; if it never does, this does.
window.setTimeout(revealApp, PREPAINT_LIMIT_MS);

// The first render is a transition: React may yield to the browser while it builds the page, which keeps
// the main thread free for input (Lighthouse's total blocking time on a phone).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
