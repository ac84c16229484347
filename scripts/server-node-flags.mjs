import path from 'node:path';

// Node flags the server runs with, wherever it is started (`npm start`, the browser tests' server, the benches).
//
// `--max-semi-space-size=8`: V8 sizes the young generation from the machine's memory (on a 24 GB PC up to 134 MB of
// semi-spaces) and keeps it grown after one burst of allocation, such as a year's hull analysis, holding ~100 MB of
// resident memory that is never used again. `--heap-growing-percent=25`: the old generation grows to 1.25× what is
// live before a full collection, instead of up to 4× under a burst of requests. Together they keep the server under
// its memory budget for 15–20 % more time in the analyses (measured in docs/decisions.md, "Server memory").
// `--optimize-for-size`: V8 favours memory over speed: a young generation smaller still than the first flag's (new
// space ≤ 5 MB instead of 16), and collections that give the pages of the old generation back instead of keeping them
// pooled. Under ten minutes of every page's reads, 50 at once, the peak fell 341 → 247 MB; the price is 37–50 % more
// time in the heavy analyses (a year's ISO 19030 0.92 → 1.26 s) and 43 % fewer answers a second at full load
// (228 → 129/s), far above what a ship's consoles ask (docs/decisions.md, "Server memory").
export const serverNodeFlags = [
  '--max-semi-space-size=8',
  '--heap-growing-percent=25',
  '--optimize-for-size',
];

// The C allocator's settings (glibc reads them from the environment at start; ignored elsewhere). Under 50 console
// requests at once the threads that compress answers and read files each got an arena of their own, and large
// buffers freed once raised glibc's mmap threshold, so later ones came from the arenas and stayed there: resident
// memory crept up by ~50 MB in ten minutes with the V8 heap flat. Two arenas and a fixed 128 kB mmap threshold (large
// buffers are mapped and unmapped again) keep it ~30 MB lower (docs/decisions.md, "Server memory").
// An environment that sets these itself wins.
export const serverEnv = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

// Node's compile cache (`NODE_COMPILE_CACHE`): the server runs its TypeScript as it is, and Node strips the types of
// each file as it loads it with a WebAssembly build of a TypeScript parser that then stays in the process for its whole
// life (~17 MB of resident memory: its source, its compiled code, its memory). With the cache, a later start takes each
// file's stripped and compiled form from the folder and never loads the parser; it also starts ~0.25 s sooner (first
// answer 0.93–1.08 → 0.73–0.77 s, a year's store). The server writes the cache once it is up
// (`module.flushCompileCache`, apps/server/src/main.ts); `npm start` fills it before the first start
// (`ECOHELM_COMPILE_ONLY=1`). An environment that sets NODE_COMPILE_CACHE itself wins; a folder it cannot write
// leaves the cache off and changes nothing else.
/** Where the checkout's server keeps it: beside the other tools' caches, written by whoever installed the packages. */
export const compileCacheDir = path.resolve(import.meta.dirname, '../node_modules/.cache/ecohelm-server');
/** The compile cache's setting for a server whose cache is `dir`. */
export const compileCacheEnv = (dir = compileCacheDir) => ({ NODE_COMPILE_CACHE: dir });
