import {
  type AlarmLimitInput,
  type AlarmLimitSetting,
  alarmLimitInputSchema,
  alarmLimitMessages,
} from '@ecohelm/contracts';

export const limitLevels = ['lowlow', 'low', 'high', 'highhigh'] as const;

/** The server's checks, run before sending: the contract's ordering rules plus the channel's valid range. */
export function limitIssues(
  setting: Pick<AlarmLimitSetting, 'range'>,
  input: AlarmLimitInput,
): { path: string; message: string }[] {
  const parsed = alarmLimitInputSchema.safeParse(input);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: String(i.path[0] ?? ''), message: i.message }));
  const [lo, hi] = setting.range;
  for (const level of limitLevels) {
    const v = input[level];
    if (v !== null && (v < lo || v > hi))
      issues.push({ path: level, message: alarmLimitMessages.outOfRange });
  }
  if (input.hysteresis > (hi - lo) / 2) {
    issues.push({ path: 'hysteresis', message: alarmLimitMessages.hysteresis });
  }
  return issues;
}
