import { type Tree, treeOf } from '../tree';

/** Every `zh_CN/<area>.json` as one tree (`route.json` becomes the `route.*` keys), one chunk for the language;
 * the help page's strings (`help.json`) load with the help page instead (features/help). */
export default treeOf(
  import.meta.glob<Tree>(['./zh_CN/*.json', '!./zh_CN/help.json'], { eager: true, import: 'default' }),
);
