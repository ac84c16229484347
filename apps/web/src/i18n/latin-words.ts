/**
 * Latin words the Chinese console may show in its own text and on its pages: units (SI symbols, as Chinese
 * technical writing keeps them), names of regulations, fuels and formats, identifiers, the product's name, the
 * language switch's "English" and the formula symbol x. Read by the locale check (`zh-latin.test.ts`) and the
 * browser check of the zh_CN pages, each adding what only it meets.
 */
export const ZH_LATIN_WORDS: readonly string[] = [
  // Units.
  ...['t', 'm', 'kg', 'g', 'h', 'kW', 'kWh', 'MJ', 'bar', 'cSt', 'nm', 'rpm'],
  // Regulations, bodies and their terms.
  ...[
    'CII',
    'IMO',
    'DCS',
    'EU',
    'MRV',
    'ETS',
    'FuelEU',
    'SEEMP',
    'EEDI',
    'EEXI',
    'ECA',
    'ISO',
    'MCR',
    'UKC',
    'PV',
  ],
  // Fuels, chemistry, time and identifiers.
  ...['LNG', 'HFO', 'LFO', 'MGO', 'CO2', 'UTC', 'MMSI'],
  // File formats.
  ...['CSV', 'PDF', 'XLSX', 'PNG', 'RTZ', 'GRIB'],
  // The product; the language switch names the other language in its own words; a formula symbol.
  ...['Ecohelm', 'English', 'x'],
];
