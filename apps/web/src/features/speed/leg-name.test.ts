import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../i18n';
import { legEndName } from './leg-name';

describe('leg end names', () => {
  it('says how far before a waypoint a split point lies, and names the own ship, in both languages', async () => {
    await changeLanguage('en_US');
    expect(legEndName('WP09 −263 nm', i18n.t)).toBe('263 nm before WP09');
    expect(legEndName('Own ship', i18n.t)).toBe('Own ship');
    expect(legEndName('WP10', i18n.t)).toBe('WP10');
    await changeLanguage('zh_CN');
    expect(legEndName('WP09 −263 nm', i18n.t)).toBe('WP09 前 263 海里');
    expect(legEndName('Own ship', i18n.t)).toBe('本船');
  });
});
