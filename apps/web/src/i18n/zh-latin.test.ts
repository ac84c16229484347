import { describe, expect, it } from 'vitest';
import { ZH_LATIN_WORDS } from './latin-words';
import type { Tree } from './tree';

const zh = import.meta.glob<Tree>('./locales/zh_CN/*.json', { eager: true, import: 'default' });

/**
 * Latin words a Chinese text may carry: units (SI symbols, as Chinese technical writing keeps them; knots are
 * spelt 节), regulation and format names, the product's own name, file paths and settings a user types, CSV column
 * names, formula symbols and single letters (ratings A–E, G/E, M/E). Anything else is English left untranslated.
 */
const ALLOWED = new Set([
  ...ZH_LATIN_WORDS,
  // Units.
  ...['MB', 'tCO2e', 'EUR'],
  // Regulations, bodies and their terms.
  ...['EUA', 'Maritime', 'MEPC', 'MARPOL', 'VI', 'IX', 'BDN', 'CFD', 'ECDIS', 'V_CII'],
  // Chemistry.
  ...['CO', 'CH4', 'N2O', 'CO2e', 'gCO2e'],
  // Points of an article cited as the Official Journal's Chinese text writes them: 第20条第2款(a)项.
  ...['a', 'b'],
  // File formats and protocols the user picks or connects.
  ...['ZIP', 'XML', 'GRIB2', 'NMEA', 'PGN', 'MQTT', 'TCP', 'UDP'],
  ...['Signal', 'K', 'Modbus', 'OPC', 'UA', 'NATS', 'PostgreSQL', 'pg_dump', 'fonts-noto-cjk'],
  // The product's settings and documents (typed or opened as they are).
  ...['ECOHELM_SIMULATOR', 'ECOHELM_SIGNALK_URL', 'ECOHELM_NMEA_UDP_PORT', 'ECOHELM_NMEA_TCP'],
  ...['ECOHELM_N2K_TCP', 'ECOHELM_MODBUS_URL', 'ECOHELM_OPCUA_URL', 'ECOHELM_MQTT_URL'],
  ...['docs', 'methods', 'regulations', 'operations', 'md', 'config', 'json'],
  // The trim table's CSV columns.
  ...['speed_kn', 'draft_m', 'trim_m', 'delta_power_pct'],
  // Formula symbols.
  ...['v', 'R', 'P', 'Z', 'CF', 'Cf'],
]);

/** Every string of a locale tree with its key. */
function strings(tree: unknown, path: string[] = []): [string, string][] {
  if (typeof tree === 'string') return [[path.join('.'), tree]];
  if (tree && typeof tree === 'object')
    return Object.entries(tree).flatMap(([k, v]) => strings(v, [...path, k]));
  return [];
}

/** The Latin words of a text, outside `{{placeholders}}` and markup. */
export function latinWords(text: string): string[] {
  const bare = text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<[^>]*>/g, ' ');
  return bare.match(/[A-Za-z][A-Za-z0-9_-]*[A-Za-z0-9]|[A-Za-z]/g) ?? [];
}

const allowed = (w: string) => ALLOWED.has(w) || /^[A-Z]$/.test(w);

describe('zh_CN has no untranslated English', () => {
  it('finds Latin words and lets units and names through', () => {
    expect(latinWords('航速 {{speed}} 节，simulator 数据 (CO2, kW)')).toEqual(['simulator', 'CO2', 'kW']);
    expect(['simulator', 'CO2', 'kW'].filter((w) => !allowed(w))).toEqual(['simulator']);
  });

  it('leaves no Latin word outside the allow-list in any zh_CN text', () => {
    const files = Object.entries(zh);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap(([file, tree]) =>
      strings(tree).flatMap(([key, text]) =>
        latinWords(text)
          .filter((w) => !allowed(w))
          .map((w) => `${file.replace('./locales/zh_CN/', '')}:${key}: ${w}`),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('spells knots 节 in Chinese sentences (never "kn")', () => {
    const kn = Object.entries(zh).flatMap(([file, tree]) =>
      strings(tree)
        .filter(([, text]) => latinWords(text).includes('kn'))
        .map(([key]) => `${file}:${key}`),
    );
    expect(kn).toEqual([]);
  });
});
