import { CHANNEL } from '@ecohelm/domain';

// A module of its own, without zod, and a path of the package's own (`@ecohelm/contracts/overview-navigation`): the
// overview's first draw takes this list, not the schemas every other contract module builds.

/** The navigation status panel's live values, in its order: the key names the value's label. */
export const overviewNavigation = [
  { key: 'trim', channel: CHANNEL.trim },
  { key: 'power', channel: CHANNEL.mePower },
  { key: 'rotation', channel: CHANNEL.meRev },
  { key: 'rudder', channel: CHANNEL.rudder },
  { key: 'ukc', channel: CHANNEL.ukc },
  { key: 'heading', channel: CHANNEL.heading },
] as const;
