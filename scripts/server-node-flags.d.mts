/** Node flags the server runs with (see server-node-flags.mjs). */
export declare const serverNodeFlags: string[];
