import { addAreaStrings } from '../../i18n';
import usersEn from '../../i18n/locales/en_US/users.json';
import usersZh from '../../i18n/locales/zh_CN/users.json';

/** The accounts' strings (login, account menu, administration), added when their code loads (i18n/shell-areas.ts). */
addAreaStrings('users', { en_US: usersEn, zh_CN: usersZh });
