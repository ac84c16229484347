import { readStoredLanguage } from '../i18n/language';
import { loadResources } from '../i18n/resources';
import { preloadView } from './views';

// Imported first by main.tsx. Modules run in the order they are imported, so these loads (the stored language's
// strings, the opening view's code, its chart code and data) start before React DOM, antd and the rest of the first
// route are evaluated, not after: about 150 ms earlier on a ship PC. Each is the same load the console takes up later.
void loadResources(readStoredLanguage()).catch(() => undefined);
/** The opening view's code: settles once it is in (or failed to load); main.tsx renders then. */
export const openingView = preloadView(window.location.pathname);
