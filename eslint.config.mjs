// Biome lints and formats everything; ESLint runs one rule Biome has no equivalent of: no literal text in the
// console's JSX (every word a user reads comes from the translation files, in both languages).
import tsParser from '@typescript-eslint/parser';
import i18next from 'eslint-plugin-i18next';

const SYMBOLS = '[\\s\\d.,:;/·×−–—%°()\\[\\]←→|+=<>*#&\'"-]*';
const UNITS = [
  'kn',
  'kW',
  'kWh',
  'rpm',
  'nm',
  't',
  'h',
  'm',
  's',
  'g/kWh',
  't·nm',
  'CO₂',
  'CO2',
  'CII',
  'IMO',
  'ECA',
  'UTC',
  'GT',
  'NT',
  'DWT',
  'G/E',
  'M/E',
  'PNG',
  'R²',
];
const UNITS_ONLY = `^${SYMBOLS}(?:(?:${UNITS.map((u) => u.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})${SYMBOLS})*$`;
/**
 * A Latin word in the text of a template literal that is not a unit: `${num(x)} t/d` in JSX reaches a zh_CN page as
 * English (the text rule above reads only JSX text, not strings inside braces).
 */
const WORD_NOT_UNIT = `(?:^|[^A-Za-z₂²])(?!(?:${UNITS.map((u) => u.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})(?![A-Za-z]))[A-Za-z]{1,}`;

export default [
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/web/src/test/**'],
    languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-text-only',
          'jsx-attributes': {
            include: [
              'title',
              'placeholder',
              'alt',
              'aria-label',
              'label',
              'tooltip',
              'okText',
              'cancelText',
            ],
          },
          // Units, abbreviations used as they are in both languages (GT, DWT, G/E), symbols and numbers are not words
          // to translate: a text made of only these passes.
          words: { exclude: [UNITS_ONLY] },
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `:matches(JSXElement, JSXFragment) > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/${WORD_NOT_UNIT}/]`,
          message: 'A word a user reads comes from the translation files, not a template literal in JSX.',
        },
      ],
    },
  },
];
