import { channelCatalogue } from '@ecohelm/domain';

/**
 * NMEA 2000 engine instance → our engine (`main`, `ge1`, `ge2`, `ge3`). n2k-signalk names the engine of
 * PGN 127488/127489 by its instance: `port` for instance 0 (single engine or port), `starboard` for 1, else
 * the number; Signal K servers publish those names. Default: instance 0 / `port` is the main engine.
 */
export type EngineInstanceMap = Readonly<Record<string, string>>;

export const defaultEngineInstances: EngineInstanceMap = { '0': 'main', port: 'main' };

/** Signal K engine members whose name differs from ours (127489 "engine temperature" is the coolant's). */
const memberAlias: Record<string, string> = { temperature: 'coolantTemperature' };

const engineBase = (engine: string) =>
  engine === 'main' ? 'propulsion.main' : `electrical.generators.${engine}`;

/**
 * The path of our catalogue a Signal K engine path stands for under the instance map (`propulsion.port.revolutions`
 * → `propulsion.main.revolutions`); other paths are returned as they are.
 */
export function enginePathMapper(map: EngineInstanceMap = defaultEngineInstances): (path: string) => string {
  const engines = new Map(Object.entries(map));
  return (path) => {
    if (!path.startsWith('propulsion.')) return path;
    const dot = path.indexOf('.', 11);
    if (dot === -1) return path;
    const engine = engines.get(path.slice(11, dot));
    if (!engine) return path;
    const member = path.slice(dot + 1);
    return `${engineBase(engine)}.${memberAlias[member] ?? member}`;
  };
}

/** The Signal K paths a server publishes our engine channels under, for the client's subscription. */
export function engineSubscriptionPaths(map: EngineInstanceMap = defaultEngineInstances): string[] {
  const paths: string[] = [];
  const toSignalK = Object.fromEntries(Object.entries(memberAlias).map(([sk, ours]) => [ours, sk]));
  for (const [instance, engine] of Object.entries(map)) {
    if (instance === engine) continue;
    const base = `${engineBase(engine)}.`;
    for (const c of channelCatalogue) {
      if (!c.id.startsWith(base)) continue;
      const member = c.id.slice(base.length);
      paths.push(`propulsion.${instance}.${toSignalK[member] ?? member}`);
    }
  }
  return paths;
}
