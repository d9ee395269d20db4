import './zod-config.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/theme.css';
import './ui/controls.css';
import './ui/boot-splash.css';
import { App } from './app/App.tsx';
import { ROUTES } from './app/route-table.ts';
import { preloadRoute } from './app/router.tsx';
import { i18nReady } from './i18n/index.ts';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The first render waits for the landing route's code as well as the strings, so the page paints
// whole: a layout first showing "Loading…" and then growing as the page arrives shifted the
// footer (cumulative layout shift on every cold load).
// A transition lets React render the first page in slices, yielding to the browser in between,
// rather than in one long task that holds up input on a slow phone (Total Blocking Time).
// Started in a task of its own: evaluating the entry's modules (React above all) is already one
// long task on a slow phone, and asking for the route's code (a preload link per file) need not
// lengthen it.
setTimeout(() => {
  void Promise.all([i18nReady, preloadRoute(ROUTES, window.location.pathname)]).then(() => {
    const app = createRoot(root);
    startTransition(() => {
      app.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
});
