import { type Tree, treeOf } from '../tree';

/**
 * Every `en_US/<area>.json` as one tree (`route.json` becomes the `route.*` keys), one chunk for the language. Fleet
 * compliance (features/compliance/compliance-strings.ts), help (features/help) and the Data sources dialog
 * (features/ingest/ingest-strings.ts) bring their strings with them instead of the first route.
 */
export default treeOf(
  import.meta.glob<Tree>(
    ['./en_US/*.json', '!./en_US/compliance.json', '!./en_US/help.json', '!./en_US/ingest.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
);
