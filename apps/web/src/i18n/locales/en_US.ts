import { type Tree, treeOf } from '../tree';

/**
 * The strings the shell and the first route show, one chunk for the language (i18n/shell-areas.ts lists them): the
 * shell's areas, `en_US/<area>.json` (`route.json` becomes the `route.*` keys), and the parts of other areas that
 * code outside their pages names, each in a file of its own (ship.messages.json becomes the `ship.messages.*`
 * keys). Every other area comes with the code of its pages (`addAreaStrings`, i18n/index.ts).
 */
export default treeOf(
  import.meta.glob<Tree>(
    [
      './en_US/{alarms,backup,channels,common,errors,header,overview,plausibility,route,update}.json',
      './en_US/*.*.json',
    ],
    { eager: true, import: 'default' },
  ),
);
