import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../i18n';
import { ecaZoneName } from './eca-zone-name';

describe('ECA zone names', () => {
  it('says a built-in zone in the console language and keeps a crew zone as named', async () => {
    await changeLanguage('zh_CN');
    expect(ecaZoneName('North Sea ECA', i18n.t)).toBe('北海排放控制区');
    expect(ecaZoneName('Qingdao approaches', i18n.t)).toBe('Qingdao approaches');
    await changeLanguage('en_US');
    expect(ecaZoneName('North Sea ECA', i18n.t)).toBe('North Sea ECA');
  });
});
