/** Node flags the server runs with (see server-node-flags.mjs). */
export declare const serverNodeFlags: string[];
/** The C allocator's settings the server runs with (see server-node-flags.mjs). */
export declare const serverEnv: Readonly<Record<string, string>>;
