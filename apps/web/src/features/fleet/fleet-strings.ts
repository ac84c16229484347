import { addAreaStrings } from '../../i18n';
import fillingEn from '../../i18n/locales/en_US/filling.json';
import fleetEn from '../../i18n/locales/en_US/fleet.json';
import fillingZh from '../../i18n/locales/zh_CN/filling.json';
import fleetZh from '../../i18n/locales/zh_CN/fleet.json';

/** The fleet's strings and the records' names it shows, added when the fleet page's or the ship console chip's code loads (i18n/shell-areas.ts). */
addAreaStrings('fleet', { en_US: fleetEn, zh_CN: fleetZh });
addAreaStrings('filling', { en_US: fillingEn, zh_CN: fillingZh });
