import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { translateTrimProblem } from './trim-problems';

const en = i18n.getFixedT('en_US');
const zh = i18n.getFixedT('zh_CN');

describe("a trim table's problems in the user's language", () => {
  it.each([
    [
      "line 2: trim_m 'abc' is not a number",
      'Line 2: trim_m "abc" is not a number.',
      '第 2 行：trim_m 的值“abc”不是数字。',
    ],
    [
      'line 5: speed 55 kn is not between 0 and 40',
      'Line 5: the speed 55 kn is not between 0 and 40 kn.',
      '第 5 行：航速 55 节 不在 0 至 40 节 之间。',
    ],
    [
      'the table needs at least two trims, it has 1',
      'The table needs at least two trims; it has 1.',
      '纵倾表至少需要两个纵倾，当前只有 1 个。',
    ],
    [
      'missing column(s): delta_power_pct',
      'Missing column(s): delta_power_pct.',
      '缺少列：delta_power_pct。',
    ],
  ])('%s', (problem, english, chinese) => {
    expect(translateTrimProblem(problem, en)).toBe(english);
    expect(translateTrimProblem(problem, zh)).toBe(chinese);
  });

  it('passes a problem it does not know as it came', () => {
    expect(translateTrimProblem('Invalid Record Length: expect 4, got 3 on line 7', zh)).toBe(
      'Invalid Record Length: expect 4, got 3 on line 7',
    );
  });
});
