import { type Tree, treeOf } from '../tree';

/**
 * Every `zh_CN/<area>.json` as one tree (`route.json` becomes the `route.*` keys), one chunk for the language. Two
 * pages bring their strings with them instead of the first route: fleet compliance
 * (features/compliance/compliance-strings.ts) and help (features/help).
 */
export default treeOf(
  import.meta.glob<Tree>(['./zh_CN/*.json', '!./zh_CN/compliance.json', '!./zh_CN/help.json'], {
    eager: true,
    import: 'default',
  }),
);
