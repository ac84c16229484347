import { type Tree, treeOf } from '../tree';

/** Every `en_US/<area>.json` as one tree (`route.json` becomes the `route.*` keys), one chunk for the language. */
export default treeOf(import.meta.glob<Tree>('./en_US/*.json', { eager: true, import: 'default' }));
