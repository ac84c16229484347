// First: starts the opening route's loads before the modules below are evaluated.
import './app/early-loads';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { openingView } from './app/early-loads';
import { createQueryClient } from './app/query-client';
import { i18nReady } from './i18n';
import { pageConfigQuery } from './lib/page-config';
import './app/global.css';

// The page configuration (the shell waits for it) and the opening route's code and data are asked for before
// React renders, all at once, instead of each after the part before it has drawn.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(pageConfigQuery);

// The console draws once its language's strings are in (keys, should they fail to load, rather than nothing) and the
// opening view's code (index.html asks for it beside the entry's): shell and page in one render. Drawn before the
// view's code, the shell took the main thread while that code came in (its files' answers waited for it), the view
// came as a second render, and React holds back what replaces a suspended part's fallback until ~300 ms after the
// fallback showed: the overview drew ~0.5 s later on a busy ship PC.
const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  void Promise.all([i18nReady.catch(() => undefined), openingView]).then(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}
