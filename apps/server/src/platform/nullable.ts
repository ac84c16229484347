/** `keys` of `o` with what the object leaves out as `null`: the contracts answer an absent optional with null. */
export function absentAsNull<T extends object, K extends keyof T>(
  o: T,
  keys: readonly K[],
): { [P in K]-?: Exclude<T[P], undefined> | null } {
  const out = {} as { [P in K]-?: Exclude<T[P], undefined> | null };
  for (const k of keys) out[k] = (o[k] ?? null) as Exclude<T[K], undefined> | null;
  return out;
}
