import { ecaZoneInputSchema, shipMessages } from '@ecohelm/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n } from '../i18n';
import {
  type ContractIssue,
  fieldErrors,
  issueOfError,
  translateIssue,
  translateMessage,
} from './contract-messages';

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

/** The first issue zod reports for `value` against `schema`. */
function issueOf(schema: z.ZodType, value: unknown): ContractIssue {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a problem');
  return parsed.error.issues[0] as ContractIssue;
}

describe("zod's own problems by code and parameters, as sentences naming the field", () => {
  it.each<[string, ContractIssue, string, string, string, string]>([
    [
      'too_big, inclusive',
      issueOf(z.number().max(500000), 600000),
      'Cargo loaded',
      '货物量',
      'Cargo loaded must be at most 500,000.',
      '货物量不能大于 500,000。',
    ],
    [
      'too_big, exclusive',
      issueOf(z.number().lt(90), 90),
      'Latitude',
      '纬度',
      'Latitude must be less than 90.',
      '纬度须小于 90。',
    ],
    [
      'too_small, inclusive',
      issueOf(z.number().min(0), -1),
      'Reserve',
      '储备',
      'Reserve must be at least 0.',
      '储备不能小于 0。',
    ],
    [
      'too_small, exclusive',
      issueOf(z.number().positive(), 0),
      'Speed',
      '航速',
      'Speed must be more than 0.',
      '航速须大于 0。',
    ],
    [
      'too_small, an empty string',
      issueOf(z.string().min(1), ''),
      'Name',
      '名称',
      'Name is required.',
      '名称为必填项。',
    ],
    [
      'too_small, a short string',
      issueOf(z.string().min(8), 'abc'),
      'Password',
      '密码',
      'Password must be at least 8 characters.',
      '密码不能少于 8 个字符。',
    ],
    [
      'too_big, a long string',
      issueOf(z.string().max(50), 'x'.repeat(51)),
      'Remark',
      '备注',
      'Remark must be at most 50 characters.',
      '备注最多 50 个字符。',
    ],
    [
      'too_big, a list',
      issueOf(z.array(z.number()).max(3), [1, 2, 3, 4]),
      'Fuels',
      '燃料',
      'Fuels may have at most 3 entries.',
      '燃料最多 3 项。',
    ],
    [
      'too_small, a list',
      issueOf(z.array(z.number()).min(3), [1]),
      'Positions',
      '位置',
      'Positions needs at least 3 entries.',
      '位置至少需要 3 项。',
    ],
    [
      'invalid_type, a number',
      issueOf(z.number(), Number.NaN),
      'Latitude',
      '纬度',
      'Latitude: type a number (digits, a point for decimals); letters and exponents are not taken.',
      '纬度：请输入数字（小数用小数点），不接受字母或指数形式。',
    ],
    ['invalid_type, a string', issueOf(z.string(), 3), 'Name', '名称', 'Name is not valid.', '名称无效。'],
    [
      'invalid_format',
      issueOf(z.iso.datetime(), 'yesterday'),
      'Time',
      '时间',
      'Time is not valid.',
      '时间无效。',
    ],
    ['invalid_value', issueOf(z.enum(['a', 'b']), 'c'), 'Kind', '类型', 'Kind is not valid.', '类型无效。'],
  ])('%s', (_, issue, enField, zhField, english, chinese) => {
    expect(translateIssue(issue, en, enField)).toBe(english);
    expect(translateIssue(issue, zh, zhField)).toBe(chinese);
  });

  it('names "this value" without a label, with no English left in Chinese', () => {
    const issue = issueOf(z.number().max(300), 301);
    expect(translateIssue(issue, en)).toBe('This value must be at most 300.');
    expect(translateIssue(issue, zh)).toBe('该值不能大于 300。');
  });

  it("words a server answer's detail by its code and bounds, whatever its English", () => {
    const detail = {
      path: 'body.cargoT',
      message: 'anything',
      code: 'too_big',
      origin: 'number',
      maximum: 500000,
      inclusive: true,
    };
    expect(fieldErrors([detail], zh, ['body'], () => '货物量')).toEqual([
      { name: ['cargoT'], errors: ['货物量不能大于 500,000。'] },
    ]);
    expect(fieldErrors([detail], en, ['body'])).toEqual([
      { name: ['cargoT'], errors: ['This value must be at most 500,000.'] },
    ]);
  });

  it("keeps the contract's own message over zod's code, and passes an unknown one through", () => {
    const issue = { message: shipMessages.mmsi, code: 'too_big', origin: 'number', maximum: 999999999 };
    expect(translateIssue(issue, zh)).toBe('请输入正确的MMSI号');
    expect(translateIssue({ message: 'something else', code: 'custom' }, zh)).toBe('something else');
  });

  it("takes a failed call's first field problem when it is the one the message names", () => {
    const details = [{ path: 'body.x', message: 'Too big', code: 'too_big', origin: 'number', maximum: 3 }];
    expect(translateIssue(issueOfError({ message: 'Too big', details }), en)).toBe(
      'This value must be at most 3.',
    );
    expect(issueOfError({ message: 'other', details })).toEqual({ message: 'other' });
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
