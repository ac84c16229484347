import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The modules each opening address loads on demand before it can draw (app/views.ts: the view, for the speed page its
 * data module and the rest of antd's stylesheet), by the address index.html is opened on; `/` opens the overview
 * (app/views.ts preloadView). Neither page's first charts need ECharts (ui/light-chart.tsx).
 */
export const FIRST_ROUTE_MODULES: Record<string, string[]> = {
  '/overview': ['src/features/overview/overview-page.tsx'],
  '/eff-optimize/speed': [
    'src/features/speed/api/speed-api.ts',
    'src/features/speed/speed-page.tsx',
    'src/ui/antd-rest-styles.ts',
  ],
};

/** Each language's strings (i18n/resources.ts), by the value stored under `lang` (i18n/language.ts). */
export const LANGUAGE_MODULES = {
  zh_CN: 'src/i18n/locales/zh_CN.ts',
  en_US: 'src/i18n/locales/en_US.ts',
};

/** A chunk's JavaScript and stylesheets with everything it imports statically, less what the entry loads already. */
function filesOf(bundle: OutputBundle, start: OutputChunk, entry: Set<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (js.has(chunk.fileName) || entry.has(chunk.fileName)) return;
    js.add(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return { js: [...js], css: [...css] };
}

/**
 * The opening route's own code, asked for with the entry's instead of after it: a view loads on demand
 * (`import()` in app/early-loads.ts), and the browser asks for it only once every module of the entry is in and has
 * run, ~250 ms after the page opens on a ship PC, and the view's own imports after that. index.html gets a script
 * that adds `<link rel="modulepreload">` (stylesheets: `rel="preload"`) for the files of the address it is opened on
 * and of the stored language, placed after the entry's own links so those are asked for first. The files are the
 * same the console loads anyway; the build fails when a module named here is no chunk of its own.
 */
export function firstRoutePreload(): Plugin {
  return {
    name: 'ecohelm-first-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const entryChunk = chunks.find((c) => c.isEntry);
        if (!entryChunk) throw new Error('first-route preload: no entry chunk');
        const entry = new Set<string>();
        const visitEntry = (chunk: OutputChunk) => {
          if (entry.has(chunk.fileName)) return;
          entry.add(chunk.fileName);
          for (const name of chunk.imports) {
            const next = bundle[name];
            if (next?.type === 'chunk') visitEntry(next);
          }
        };
        visitEntry(entryChunk);
        const filesFor = (modules: string[]) => {
          const js = new Set<string>();
          const css = new Set<string>();
          for (const id of modules) {
            const chunk = chunks.find(
              (c) => c.isDynamicEntry && c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/apps/web/${id}`),
            );
            if (!chunk) {
              // A module that imports a stylesheet alone leaves no JavaScript: its stylesheet is the file.
              const sheet = Object.values(bundle).find(
                (a) =>
                  a.type === 'asset' &&
                  a.fileName.endsWith('.css') &&
                  a.names.some((n) => n === `${id.replace(/^.*\//, '').replace(/\.tsx?$/, '')}.css`),
              );
              if (!sheet) throw new Error(`first-route preload: ${id} is no chunk of its own`);
              css.add(`/${sheet.fileName}`);
              continue;
            }
            const files = filesOf(bundle, chunk, entry);
            for (const f of files.js) js.add(`/${f}`);
            for (const f of files.css) css.add(`/${f}`);
          }
          return { js: [...js], css: [...css] };
        };
        const routes = Object.fromEntries(
          Object.entries(FIRST_ROUTE_MODULES).map(([path, modules]) => [path, filesFor(modules)]),
        );
        // The speed page's group (first-route-chunks.ts) holds nothing the overview runs: were it reached from the
        // overview, every console would fetch the speed page's antd pieces before its first draw.
        if (routes['/overview']?.js.some((f) => f.includes('/speed-shared-')))
          throw new Error("first-route preload: the overview loads the speed page's chunk group");
        const languages = Object.fromEntries(
          Object.entries(LANGUAGE_MODULES).map(([language, module]) => [language, filesFor([module])]),
        );
        const script = `(() => {
  const routes = ${JSON.stringify(routes)};
  const languages = ${JSON.stringify(languages)};
  let language = 'zh_CN';
  try {
    if (localStorage.getItem('lang') === 'en_US') language = 'en_US';
  } catch {}
  const path = location.pathname.replace(/\\/+$/, '') || '/overview';
  const add = (rel, href, as) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    link.crossOrigin = '';
    if (as) link.as = as;
    document.head.appendChild(link);
  };
  for (const files of [languages[language], routes[path]]) {
    if (!files) continue;
    for (const href of files.js) add('modulepreload', href);
    for (const href of files.css) add('preload', href, 'style');
  }
})();`;
        // Before the entry's stylesheet: a script after it would wait until the stylesheet is in.
        const at = html.indexOf('<link rel="stylesheet"');
        if (at < 0) throw new Error('first-route preload: no entry stylesheet in index.html');
        return `${html.slice(0, at)}<script>${script}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}
