/**
 * Lets the requests and timers that are waiting run before a long computation goes on: one turn of the event loop
 * (`setImmediate`), where an `await` of a settled promise only runs the other microtasks. The server answers on one
 * thread, and SQLite's reads run on it, so a year's analysis between two of these holds every console for as long
 * as it takes. Put it between the pieces of such work (a month of the hull analysis, a chunk of a backfill).
 */
export const letOthersRun = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
