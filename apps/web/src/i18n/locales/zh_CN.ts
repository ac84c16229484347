import { type Tree, treeOf } from '../tree';

/** Every `zh_CN/<area>.json` as one tree (`route.json` becomes the `route.*` keys), one chunk for the language. */
export default treeOf(import.meta.glob<Tree>('./zh_CN/*.json', { eager: true, import: 'default' }));
