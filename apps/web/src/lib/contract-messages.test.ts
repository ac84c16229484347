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
