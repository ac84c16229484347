// Node flags the server runs with, wherever it is started (`npm start`, the browser tests' server, the benches).
//
// `--max-semi-space-size=8`: V8 sizes the young generation from the machine's memory (on a 24 GB PC up to 134 MB of
// semi-spaces) and keeps it grown after one burst of allocation, such as a year's hull analysis, holding ~100 MB of
// resident memory that is never used again. `--heap-growing-percent=25`: the old generation grows to 1.25× what is
// live before a full collection, instead of up to 4× under a burst of requests. Together they keep the server under
// its memory budget for 15–20 % more time in the analyses (measured in docs/decisions.md, "Server memory").
export const serverNodeFlags = ['--max-semi-space-size=8', '--heap-growing-percent=25'];

// The C allocator's settings (glibc reads them from the environment at start; ignored elsewhere). Under 50 console
// requests at once the threads that compress answers and read files each got an arena of their own, and large
// buffers freed once raised glibc's mmap threshold, so later ones came from the arenas and stayed there: resident
// memory crept up by ~50 MB in ten minutes with the V8 heap flat. Two arenas and a fixed 128 kB mmap threshold (large
// buffers are mapped and unmapped again) keep it ~30 MB lower (docs/decisions.md, "Server memory").
// An environment that sets these itself wins.
export const serverEnv = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
