// First: starts the opening route's loads before the modules below are evaluated.
import './app/early-loads';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { i18nReady } from './i18n';
import { pageConfigQuery } from './lib/page-config';
import './app/global.css';

// The page configuration (the shell waits for it) and the opening route's code and data are asked for before
// React renders, all at once, instead of each after the part before it has drawn.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(pageConfigQuery);

// The console draws once its language's strings are in (keys, should they fail to load, rather than nothing).
const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  void i18nReady
    .catch(() => undefined)
    .then(() =>
      root.render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      ),
    );
}
