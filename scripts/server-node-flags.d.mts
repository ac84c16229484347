/** Node flags the server runs with (see server-node-flags.mjs). */
export declare const serverNodeFlags: string[];
/** The C allocator's settings the server runs with (see server-node-flags.mjs). */
export declare const serverEnv: Readonly<Record<string, string>>;
/** Where the checkout's server keeps Node's compile cache (`node_modules/.cache/ecohelm-server`). */
export declare const compileCacheDir: string;
/** The compile cache's setting for a server whose cache is `dir` (the checkout's by default). */
export declare function compileCacheEnv(dir?: string): { NODE_COMPILE_CACHE: string };
