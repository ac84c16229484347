import { type GeneratorId, generatorIds, type LoadSettings, loadSettingsSchema } from '@ecohelm/contracts';

/**
 * The order in which the simulated power management starts the generator sets: the crew's load settings (the load
 * assistant's priorities), available sets first, then by priority. Index 0 = G/E 1. Without settings: G/E 1, 2, 3
 * (the load assistant's defaults).
 */
export function generatorStartOrder(settings: Pick<LoadSettings, 'sets'> | null | undefined): number[] {
  if (!settings) return [0, 1, 2];
  const of = (id: GeneratorId) => settings.sets.find((s) => s.id === id);
  return generatorIds
    .map((id, index) => ({ index, set: of(id) }))
    .sort((a, b) => {
      const av = a.set?.available === false ? 1 : 0;
      const bv = b.set?.available === false ? 1 : 0;
      if (av !== bv) return av - bv;
      return (a.set?.priority ?? a.index + 1) - (b.set?.priority ?? b.index + 1) || a.index - b.index;
    })
    .map((x) => x.index);
}

/** The start order from a stored settings row (the load assistant's JSON), the default when it does not parse. */
export function generatorStartOrderFromStored(value: string | undefined): number[] {
  if (!value) return generatorStartOrder(null);
  try {
    const parsed = loadSettingsSchema.safeParse(JSON.parse(value));
    return generatorStartOrder(parsed.success ? parsed.data : null);
  } catch {
    return generatorStartOrder(null);
  }
}
