import { describe, expect, it } from 'vitest';
import { buildRouteTable, type RouteEntry } from '../shell/route-table';
import { changeLanguage, i18n } from './index';
import { buildResources, flattenKeys } from './resources';

const resources = await buildResources();
const zhKeys = flattenKeys(resources.zh_CN).sort();
const enKeys = flattenKeys(resources.en_US).sort();

describe('translation resources', () => {
  it('have the same key set in zh_CN and en_US', () => {
    expect(zhKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !zhKeys.includes(key))).toEqual([]);
    expect(zhKeys.length).toBeGreaterThan(50);
  });

  it('have no empty text', () => {
    for (const language of ['zh_CN', 'en_US'] as const) {
      const empty = flattenKeys(resources[language]).filter((key) => !i18n.getFixedT(language)(key).trim());
      expect(empty).toEqual([]);
    }
  });

  it('translate every route label and the loading text in both languages', () => {
    const walk = (entry: RouteEntry): string[] => [entry.label, ...(entry.children ?? []).flatMap(walk)];
    const labels = [...walk(buildRouteTable()), 'common.loading'];
    for (const label of labels) {
      expect(zhKeys).toContain(label);
      expect(enKeys).toContain(label);
    }
  });

  it('label the ECA tab ECA in both languages', () => {
    expect(i18n.getFixedT('zh_CN')('route.eca')).toBe('ECA');
    expect(i18n.getFixedT('en_US')('route.eca')).toBe('ECA');
  });

  it('switch language and remember the choice under `lang`', async () => {
    await changeLanguage('en_US');
    expect(i18n.language).toBe('en_US');
    expect(i18n.t('route.overview')).toBe('Overview');
    expect(localStorage.getItem('lang')).toBe('en_US');
    await changeLanguage('zh_CN');
    expect(i18n.t('route.overview')).toBe('总览');
    expect(localStorage.getItem('lang')).toBe('zh_CN');
  });
});
