// Node flags the server runs with, wherever it is started (`npm start`, the browser tests' server, the benches).
//
// `--max-semi-space-size=8`: V8 sizes the young generation from the machine's memory (on a 24 GB PC up to 134 MB of
// semi-spaces) and keeps it grown after one burst of allocation, such as a year's hull analysis, holding ~100 MB of
// resident memory that is never used again. `--heap-growing-percent=25`: the old generation grows to 1.25× what is
// live before a full collection, instead of up to 4× under a burst of requests. Together they keep the server under
// its memory budget for 15–20 % more time in the analyses (measured in docs/decisions.md, "Server memory").
export const serverNodeFlags = ['--max-semi-space-size=8', '--heap-growing-percent=25'];
