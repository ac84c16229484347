import { speedMessages, type VoyagePlanInput, type Waypoint } from '@ecohelm/contracts';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';

/**
 * ECDIS route exchange, RTZ (IEC 61174:2015 Annex S, CIRM/BIMCO "Route Plan Exchange Format" 1.0 and 1.1):
 * `<route version><routeInfo routeName/><waypoints><waypoint id name><position lat lon/><leg speedMin speedMax/>
 * </waypoint>…</waypoints><schedules><schedule><manual|calculated><scheduleElement waypointId etd|eta/>`. The
 * parsed document is checked against the schema's required elements and attribute types (zod below); anything
 * else in the file (extensions, XTD, radius) is accepted and ignored.
 */

const num = z.coerce.number().refine(Number.isFinite, 'not a number');
const rtzWaypointSchema = z.object({
  '@_id': z.coerce.number().int(),
  '@_name': z.string().optional(),
  position: z.object({
    '@_lat': num.refine((v) => v >= -90 && v <= 90, 'latitude outside −90…90'),
    '@_lon': num.refine((v) => v >= -180 && v <= 180, 'longitude outside −180…180'),
  }),
  leg: z.object({ '@_speedMin': num.optional(), '@_speedMax': num.optional() }).optional(),
});
const scheduleElementSchema = z.object({
  '@_waypointId': z.coerce.number().int(),
  '@_etd': z.iso.datetime({ offset: true }).optional(),
  '@_eta': z.iso.datetime({ offset: true }).optional(),
});
const rtzSchema = z.object({
  route: z.object({
    '@_version': z.enum(['1.0', '1.1', '1.2']),
    routeInfo: z.object({ '@_routeName': z.string().min(1) }),
    waypoints: z.object({
      waypoint: z.array(rtzWaypointSchema).min(2, 'a route needs at least two waypoints'),
    }),
    schedules: z
      .object({
        schedule: z.array(
          z.object({
            manual: z.object({ scheduleElement: z.array(scheduleElementSchema) }).optional(),
            calculated: z.object({ scheduleElement: z.array(scheduleElementSchema) }).optional(),
          }),
        ),
      })
      .optional(),
  }),
});

export class RtzError extends Error {}

export interface ParsedRoute {
  routeName: string;
  waypoints: Waypoint[];
  /** From the first schedule: the departure at the first waypoint and the arrival at the last, ISO. */
  etd: string | undefined;
  eta: string | undefined;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  isArray: (name) => ['waypoint', 'schedule', 'scheduleElement'].includes(name),
});

/** Parses and checks an RTZ file; throws {@link RtzError} with what is wrong. */
export function parseRtz(xml: string): ParsedRoute {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) {
    throw new RtzError(`${speedMessages.rtzInvalid} ${wellFormed.err.msg} (line ${wellFormed.err.line})`);
  }
  const parsed = rtzSchema.safeParse(parser.parse(xml));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.map((p) => (typeof p === 'string' ? p.replace(/^@_/, '') : `[${String(p)}]`));
    throw new RtzError(`${speedMessages.rtzInvalid} ${where.join('.')}: ${issue.message}`);
  }
  const route = parsed.data.route;
  const byId = new Map<number, number>();
  const waypoints = route.waypoints.waypoint.map((w, i) => {
    byId.set(w['@_id'], i);
    return {
      name: (w['@_name'] ?? '').slice(0, 80) || `WP${String(i).padStart(2, '0')}`,
      lat: w.position['@_lat'],
      lon: w.position['@_lon'],
      speedMinKn: w.leg?.['@_speedMin'] ?? null,
      speedMaxKn: w.leg?.['@_speedMax'] ?? null,
    };
  });
  const schedule = route.schedules?.schedule[0];
  const elements = schedule?.manual?.scheduleElement ?? schedule?.calculated?.scheduleElement ?? [];
  const first = route.waypoints.waypoint[0]!['@_id'];
  const last = route.waypoints.waypoint.at(-1)!['@_id'];
  const iso = (s: string | undefined) => (s ? new Date(s).toISOString() : undefined);
  return {
    routeName: route.routeInfo['@_routeName'],
    waypoints,
    etd: iso(elements.find((e) => e['@_waypointId'] === first)?.['@_etd']),
    eta: iso(elements.find((e) => e['@_waypointId'] === last)?.['@_eta']),
  };
}

const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true });

/**
 * The plan as an RTZ 1.1 file: its ETD and ETA as the manual schedule, the advised arrival at each waypoint as the
 * calculated one, and the RTA as the end of the route's validity.
 */
export function exportRtz(plan: VoyagePlanInput, advisedEtas: readonly (string | undefined)[] = []): string {
  const waypoint = plan.waypoints.map((w, i) => ({
    '@_id': String(i + 1),
    '@_name': w.name,
    position: { '@_lat': w.lat.toFixed(6), '@_lon': w.lon.toFixed(6) },
    ...(i > 0
      ? {
          leg: {
            '@_geometryType': 'Loxodrome',
            ...(w.speedMinKn != null ? { '@_speedMin': String(w.speedMinKn) } : {}),
            ...(w.speedMaxKn != null ? { '@_speedMax': String(w.speedMaxKn) } : {}),
          },
        }
      : {}),
  }));
  const n = plan.waypoints.length;
  const manual = [
    { '@_waypointId': '1', '@_etd': plan.etd },
    { '@_waypointId': String(n), '@_eta': plan.eta },
  ];
  const calculated = advisedEtas
    .map((eta, i) => (eta ? { '@_waypointId': String(i + 1), '@_eta': eta } : undefined))
    .filter((e) => e !== undefined);
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    route: {
      '@_xmlns': 'http://www.cirm.org/RTZ/1/1',
      '@_version': '1.1',
      routeInfo: {
        '@_routeName': `${plan.voyageNo} ${plan.departurePort} - ${plan.destination}`,
        '@_validityPeriodStart': plan.etd,
        '@_validityPeriodStop': plan.rta,
      },
      waypoints: { waypoint },
      schedules: {
        schedule: [
          {
            '@_id': '1',
            '@_name': 'Voyage plan',
            manual: { scheduleElement: manual },
            ...(calculated.length > 0 ? { calculated: { scheduleElement: calculated } } : {}),
          },
        ],
      },
    },
  };
  return builder.build(doc) as string;
}
