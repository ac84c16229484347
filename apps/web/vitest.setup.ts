import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { addAreaStrings, ensureLanguage } from './src/i18n';
import { type Tree, treeOf } from './src/i18n/tree';

// The console loads a language's strings when first used; tests read both without switching.
await Promise.all([ensureLanguage('zh_CN'), ensureLanguage('en_US')]);
// Pages bring their areas' strings with their code; a test of one of their parts reads them all the same.
const en = treeOf(
  import.meta.glob<Tree>('./src/i18n/locales/en_US/*.json', { eager: true, import: 'default' }),
);
const zh = treeOf(
  import.meta.glob<Tree>('./src/i18n/locales/zh_CN/*.json', { eager: true, import: 'default' }),
);
for (const area of Object.keys(en))
  addAreaStrings(area, { en_US: en[area] as Tree, zh_CN: zh[area] as Tree });

// jsdom lacks these browser APIs that antd relies on.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// Lazy views are transformed on first use; on a busy machine that takes seconds.
configure({ asyncUtilTimeout: 60_000 });

// Testing Library's auto-cleanup needs globals; run it explicitly.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
