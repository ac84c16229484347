import type { OverviewPageResponse } from '@ecohelm/contracts';
import { answerOf, apiFetch, takeEarly } from '../../../lib/api-client';

/** The period the overview opens on. */
export const FIRST_PERIOD = 'day';

let early:
  | {
      at: number;
      answer: Promise<OverviewPageResponse>;
      taken: Set<string>;
      /** The answer once it is in, and when it came. */
      arrived?: { value: OverviewPageResponse; at: number };
    }
  | undefined;

/**
 * Asks for every panel's figures in one request (`GET /api/v1/overview/page`) when the console opens on the
 * overview: started before React renders, beside the page's code, so the data is on its way before the page
 * exists. Each panel's query takes its part once; later reads and refreshes go to the part's own endpoint.
 */
export function startOverviewFetch(): void {
  const path = `/api/v1/overview/page?period=${FIRST_PERIOD}`;
  // index.html sends the same request before the console's code has loaded, when it opens on the overview.
  const sent = takeEarly(path);
  const answer = sent ? answerOf<OverviewPageResponse>(sent) : apiFetch<OverviewPageResponse>(path);
  const started: NonNullable<typeof early> = { at: Date.now(), answer, taken: new Set() };
  answer.then(
    (value) => {
      started.arrived = { value, at: Date.now() };
    },
    () => undefined,
  );
  early = started;
}

/**
 * The early answer's `part` when it is already in and not yet taken (a panel's query's first data, so the page draws
 * its panels filled on its first render instead of empty and again a moment later), with the time it came; the
 * query's first read then takes the same answer (`fromEarly`), asking the server nothing.
 */
export function arrivedPart<K extends keyof OverviewPageResponse>(
  part: K,
): { data: OverviewPageResponse[K]; at: number } | undefined {
  const first = early;
  if (!first?.arrived || first.taken.has(part) || Date.now() - first.at > 10_000) return undefined;
  return { data: first.arrived.value[part], at: first.arrived.at };
}

/**
 * The early answer's `part`, the first time it is asked for within a few seconds of the start; otherwise (or when
 * the early request failed) `fetchOwn`, the part's own endpoint.
 */
export function fromEarly<K extends keyof OverviewPageResponse>(
  part: K,
  fetchOwn: () => Promise<OverviewPageResponse[K]>,
): Promise<OverviewPageResponse[K]> {
  const first = early;
  if (!first || first.taken.has(part) || Date.now() - first.at > 10_000) return fetchOwn();
  first.taken.add(part);
  return first.answer.then((answer) => answer[part], fetchOwn);
}

/**
 * A panel's query reading its `part` of the overview: from the early answer while it is in (`fromEarly`), drawn from
 * it on the first render (`arrivedPart`), from `fetchOwn` (the part's own endpoint) after.
 */
export function earlyPartQuery<K extends keyof OverviewPageResponse>(
  part: K,
  fetchOwn: (signal: AbortSignal) => Promise<OverviewPageResponse[K]>,
) {
  return {
    queryFn: ({ signal }: { signal: AbortSignal }) => fromEarly(part, () => fetchOwn(signal)),
    initialData: () => arrivedPart(part)?.data,
    initialDataUpdatedAt: () => arrivedPart(part)?.at,
  };
}
