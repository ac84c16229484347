import { type Tree, treeOf } from '../tree';

/**
 * Every `zh_CN/<area>.json` as one tree (`route.json` becomes the `route.*` keys), one chunk for the language. Fleet
 * compliance (features/compliance/compliance-strings.ts), help (features/help) and the Data sources dialog
 * (features/ingest/ingest-strings.ts) bring their strings with them instead of the first route.
 */
export default treeOf(
  import.meta.glob<Tree>(
    ['./zh_CN/*.json', '!./zh_CN/compliance.json', '!./zh_CN/help.json', '!./zh_CN/ingest.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
);
