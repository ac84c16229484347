/**
 * What the language chunk (locales/<language>.ts) holds: the strings the shell and the first route (/overview) show,
 * and the parts of other areas that code outside their pages names. Every other area comes with the code of the
 * pages that show it (`addAreaStrings`), so the first route does not fetch it. `shell-areas.test.ts` checks that the
 * code the first route loads names no other key, and that each page brings the areas it names.
 */
export const SHELL_AREAS = [
  'alarms',
  'backup',
  'channels',
  'common',
  'errors',
  'header',
  'overview',
  'plausibility',
  'route',
  'update',
] as const;

/**
 * Parts of other areas in the language chunk, each in a file of its own (ship.messages.json): each area's
 * `messages` (a server's refusal in the user's words, lib/contract-messages.ts, on any page with a form) and the fuel
 * names (lib/use-format.ts). The page that brings the area brings the rest of it.
 */
export const SHELL_PARTS: Readonly<Record<string, readonly string[]>> = {
  compliance: ['messages'],
  consumption: ['messages'],
  eca: ['messages'],
  equipment: ['messages'],
  filling: ['messages'],
  fleet: ['messages'],
  load: ['messages'],
  reports: ['imoFuels'],
  ship: ['messages', 'fuels'],
  speed: ['messages'],
  users: ['messages'],
};
