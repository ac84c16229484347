import { z } from 'zod';

/** Runtime page configuration (SPEC §3 "Page configuration"), served by the server, not baked into the build. */
export const pageConfigSchema = z.object({
  offline: z.boolean(),
  hideLoadPage: z.boolean(),
  dcHomeLink: z.string(),
  /** Ship time zone as an offset from UTC in minutes; the header clock shows it (default +480, UTC+8). */
  shipTimeOffsetMinutes: z.number().int().min(-720).max(840),
  /** Identifies the deployed web build; the console offers a reload when it changes. */
  buildId: z.string(),
  /** `fleet` on a shore server (the fleet pages; users log in with name and password at /login), `vessel` on board. */
  shape: z.enum(['vessel', 'fleet']),
});
export type PageConfig = z.infer<typeof pageConfigSchema>;

export const healthSchema = z.object({ status: z.literal('ok'), store: z.enum(['sqlite', 'postgres']) });
export type Health = z.infer<typeof healthSchema>;
