import { type Tree, treeOf } from '../tree';

/**
 * Every `en_US/<area>.json` as one tree (`route.json` becomes the `route.*` keys), one chunk for the language. Two
 * pages bring their strings with them instead of the first route: fleet compliance
 * (features/compliance/compliance-strings.ts) and help (features/help).
 */
export default treeOf(
  import.meta.glob<Tree>(['./en_US/*.json', '!./en_US/compliance.json', '!./en_US/help.json'], {
    eager: true,
    import: 'default',
  }),
);
