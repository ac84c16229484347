// Node flags the server runs with, wherever it is started (`npm start`, the browser tests' server, the benches).
//
// `--max-semi-space-size=8`: V8 sizes the young generation from the machine's memory (on a 24 GB PC up to 134 MB of
// semi-spaces) and keeps it grown after one burst of allocation, such as a year's hull analysis, holding ~100 MB of
// resident memory that is never used again. Eight MB semi-spaces keep the server under its memory budget at the cost
// of more frequent young collections (measured in docs/decisions.md, "Server memory").
export const serverNodeFlags = ['--max-semi-space-size=8', '--heap-growing-percent=50'];
