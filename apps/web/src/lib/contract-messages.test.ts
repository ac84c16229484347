import { ecaZoneInputSchema } from '@ecohelm/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { translateMessage } from './contract-messages';

const en = i18n.getFixedT('en_US');
const zh = i18n.getFixedT('zh_CN');

/** The messages the contract gives for a crew range of these positions (lon, lat). */
function rangeMessages(positions: [number, number][]): string[] {
  const parsed = ecaZoneInputSchema.safeParse({
    kind: 'range',
    name: 'Test area',
    sulphurLimitPercent: 0.1,
    from: '2026-01-01',
    until: null,
    positions: positions.map(([longitude, latitude]) => ({ longitude, latitude })),
  });
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}

describe('contract messages with a detail', () => {
  const cases: [string, [number, number][]][] = [
    [
      'a crossed boundary',
      [
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ],
    ],
    [
      'a position given twice',
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [1, 0],
      ],
    ],
    [
      'positions on one line',
      [
        [0, 0],
        [1, 1],
        [2, 2],
      ],
    ],
    [
      'too few different positions',
      [
        [0, 0],
        [1, 1],
        [0, 0],
      ],
    ],
  ];

  it.each(cases)('translates the whole of %s, and keeps the English word for word', (_, positions) => {
    const messages = rangeMessages(positions);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      expect(translateMessage(message, en)).toBe(message);
      const chinese = translateMessage(message, zh);
      expect(chinese).toMatch(/^这些位置无法围成一个区域。/);
      // Nothing of the English detail is left: only digits, punctuation and Chinese.
      expect(chinese).not.toMatch(/[a-z]{2,}/i);
    }
  });

  it('names the crossing sides in Chinese', () => {
    const [message] = rangeMessages([
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
    ]);
    expect(translateMessage(message!, zh)).toBe('这些位置无法围成一个区域。 边界自相交（第 1 边与第 3 边）');
  });

  it('leaves an unknown detail as it is', () => {
    expect(translateMessage('These positions do not bound an area. something new', zh)).toBe(
      '这些位置无法围成一个区域。 something new',
    );
  });
});

describe("zod's own bounds as sentences naming the field", () => {
  it.each([
    [
      'Too big: expected number to be <=500000',
      'Cargo loaded',
      'Cargo loaded must be at most 500,000.',
      '货物量不能大于 500,000。',
    ],
    ['Too small: expected number to be >=0', 'Reserve', 'Reserve must be at least 0.', '储备不能小于 0。'],
    ['Too small: expected string to have >=1 characters', 'Name', 'Name is required.', '名称为必填项。'],
    [
      'Invalid input: expected number, received NaN',
      'Latitude',
      'Latitude: type a number (digits, a point for decimals); letters and exponents are not taken.',
      '纬度：请输入数字（小数用小数点），不接受字母或指数形式。',
    ],
  ])('%s', (message, field, english, chinese) => {
    expect(translateMessage(message, en, field)).toBe(english);
    const zhField = { 'Cargo loaded': '货物量', Reserve: '储备', Name: '名称', Latitude: '纬度' }[field];
    expect(translateMessage(message, zh, zhField)).toBe(chinese);
  });

  it('names "this value" without a label, with no English left in Chinese', () => {
    expect(translateMessage('Too big: expected number to be <=300', en)).toBe(
      'This value must be at most 300.',
    );
    expect(translateMessage('Too big: expected number to be <=300', zh)).toBe('该值不能大于 300。');
  });
});

describe("the RTZ refusal with the XML parser's reason", () => {
  it('keeps the line and leaves no English in Chinese', () => {
    const message = "This is not a valid RTZ route file. char 't' is not expected. (line 1)";
    expect(translateMessage(message, zh)).toBe('这不是有效的 RTZ 航线文件。 （第 1 行不是有效的 XML）');
    expect(translateMessage(message, en)).toBe(
      "This is not a valid RTZ route file. (line 1: char 't' is not expected)",
    );
  });
});
