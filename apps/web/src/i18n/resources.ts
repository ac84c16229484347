import type { Language } from './language';
import type { Tree } from './tree';

export { flattenKeys, type Tree } from './tree';

/**
 * Each language's strings are a chunk of their own, loaded when the language is first used: the console opens with
 * its own language only, and the other arrives on the toggle.
 */
const loaders: Record<Language, () => Promise<{ default: Tree }>> = {
  zh_CN: () => import('./locales/zh_CN'),
  en_US: () => import('./locales/en_US'),
};

export async function loadResources(language: Language): Promise<Tree> {
  return (await loaders[language]()).default;
}

/** Both languages' trees (tests compare their keys). */
export async function buildResources(): Promise<Record<Language, Tree>> {
  const [zh_CN, en_US] = await Promise.all([loadResources('zh_CN'), loadResources('en_US')]);
  return { zh_CN, en_US };
}
