import { type Tree, treeOf } from '../tree';

/** Every `zh_CN/<area>.json` as one tree (`route.json` becomes the `route.*` keys), one chunk for the language. */
// Fleet compliance's strings come with its page (features/compliance/compliance-strings.ts), not the first route.
export default treeOf(
  import.meta.glob<Tree>(['./zh_CN/*.json', '!./zh_CN/compliance.json'], { eager: true, import: 'default' }),
);
