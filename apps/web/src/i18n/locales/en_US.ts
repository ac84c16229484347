import { type Tree, treeOf } from '../tree';

/** Every `en_US/<area>.json` as one tree (`route.json` becomes the `route.*` keys), one chunk for the language;
 * the help page's strings (`help.json`) load with the help page instead (features/help). */
export default treeOf(
  import.meta.glob<Tree>(['./en_US/*.json', '!./en_US/help.json'], { eager: true, import: 'default' }),
);
