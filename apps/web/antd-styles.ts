import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * antd's static stylesheet (`antd/dist/antd.css`, every component's rules: 985 KB, 75 kB brotli) in two parts:
 * `virtual:antd-first.css`, the rules of the components the shell and the overview draw (with every rule that names
 * no component: tokens, links, icons, keyframes), imported by app/providers.tsx; and `virtual:antd-rest.css`, every
 * other component's rules, which load with the first view or dialog that comes on demand (ui/on-demand.tsx) — before
 * it draws, so nothing draws unstyled. A rule that names a component of each part goes to the first.
 */
export const FIRST_ROUTE_COMPONENTS = [
  // what the entry and the overview import from antd (the build's module list), with the class names they draw
  'css-var',
  'app',
  'btn',
  'menu',
  'modal',
  'notification',
  'message',
  'tooltip',
  'badge',
  'scroll-number',
  'ribbon',
  'skeleton',
  'tag',
  'spin',
  'alert',
  'statistic',
  'segmented',
  'empty',
  'space',
  'row',
  'col',
  'wave',
  'watermark',
  'drawer',
  // the motions those components play (opening, closing, collapsing)
  'zoom',
  'fade',
  'slide',
  'move',
  'motion',
];

/** A class of one of them: `.ant-btn`, `.ant-btn-primary`, not `.ant-color-picker` for `col`. */
const FIRST = new RegExp(`\\.ant-(?:${FIRST_ROUTE_COMPONENTS.join('|')})(?![a-zA-Z0-9_])`);

/** Top-level blocks of a stylesheet (`prelude{…}`), nested braces kept. */
function blocks(css: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) {
        out.push(css.slice(start, i + 1));
        start = i + 1;
      }
    }
  }
  return out;
}

/** Splits antd's stylesheet into the first route's rules and the rest. */
export function splitAntdCss(css: string): { first: string; rest: string } {
  const first: string[] = [];
  const rest: string[] = [];
  const sort = (block: string, into: { first: string[]; rest: string[] }) => {
    const open = block.indexOf('{');
    const prelude = block.slice(0, open).trim();
    if (/^@(media|supports|container|layer)\b/.test(prelude)) {
      const inner = { first: [] as string[], rest: [] as string[] };
      for (const b of blocks(block.slice(open + 1, -1))) sort(b, inner);
      if (inner.first.length > 0) into.first.push(`${prelude}{${inner.first.join('')}}`);
      if (inner.rest.length > 0) into.rest.push(`${prelude}{${inner.rest.join('')}}`);
    } else if (prelude.startsWith('@') || !prelude.includes('.ant-') || FIRST.test(prelude))
      into.first.push(block);
    else into.rest.push(block);
  };
  for (const block of blocks(css)) sort(block, { first, rest });
  return { first: first.join('\n'), rest: rest.join('\n') };
}

const STYLE_HOOK = /\b(genStyleHooks|genComponentStyleHook|genSubStyleComponent)\(/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * antd runs with its zero-runtime theme (app/providers.tsx): a component's style hook returns before it calls the
 * function that writes the component's CSS, since the static stylesheet carries the rules. In the build that function,
 * the second argument of each `genStyleHooks`, `genComponentStyleHook` and `genSubStyleComponent` call in antd's style
 * modules, becomes `() => []`, and the style code it alone used leaves the bundle. The component tokens (the third
 * argument), which become the CSS variables the stylesheet reads, stay.
 */
export function antdZeroRuntimeStyles(): Plugin {
  return {
    name: 'ecohelm-antd-zero-runtime-styles',
    apply: 'build',
    transform(code, id) {
      const file = id.replace(/\\/g, '/');
      if (!/\/node_modules\/antd\/es\/.*\/style\/[^/]+\.js$/.test(file) || !STYLE_HOOK.test(code))
        return null;
      const cuts: [number, number][] = [];
      const walk = (node: unknown) => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) {
          for (const n of node) walk(n);
          return;
        }
        const n = node as Node;
        if (n.type === 'CallExpression') {
          const callee = n.callee as Node & { name?: string };
          const args = n.arguments as Node[];
          if (
            callee.type === 'Identifier' &&
            STYLE_HOOK.test(`${callee.name}(`) &&
            args.length >= 2 &&
            args[1]
          ) {
            cuts.push([args[1].start, args[1].end]);
            walk(args.filter((_, i) => i !== 1)); // not into the cut
            return;
          }
        }
        for (const [key, value] of Object.entries(n)) if (key !== 'type') walk(value);
      };
      walk(this.parse(code));
      if (cuts.length === 0) return null;
      let out = code;
      for (const [start, end] of cuts.sort((a, b) => b[0] - a[0]))
        out = `${out.slice(0, start)}() => []${out.slice(end)}`;
      return { code: out, map: null };
    },
  };
}

/** Serves `virtual:antd-first.css` and `virtual:antd-rest.css` from antd's stylesheet. */
export function antdStyles(): Plugin {
  const ids = { 'virtual:antd-first.css': 'first', 'virtual:antd-rest.css': 'rest' } as const;
  let parts: { first: string; rest: string } | undefined;
  return {
    name: 'ecohelm-antd-styles',
    enforce: 'pre',
    resolveId(source) {
      return source in ids ? `\0${source}` : null;
    },
    load(id) {
      const name = id.startsWith('\0') ? ids[id.slice(1) as keyof typeof ids] : undefined;
      if (!name) return null;
      if (!parts) {
        const file = createRequire(import.meta.url).resolve('antd/dist/antd.css');
        this.addWatchFile(file);
        parts = splitAntdCss(readFileSync(file, 'utf8'));
      }
      return parts[name];
    },
  };
}
