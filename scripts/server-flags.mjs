// Node flags of the production server, for every way this project starts it (npm start, its
// --workers cluster, the benchmark). V8 reads them only when the process starts, and Node refuses
// them in NODE_OPTIONS, so they are given on the command line; docs/deploy.md lists them for
// anyone who starts the server by hand.
//
// --initial-old-space-size=128: with reader workers, the main thread allocates little besides the
// answers it receives from them (a 5,000-item manifest page is 1.6 MB of bytes, outside the JS
// heap but counted against its limit). After startup the heap settles at about 50 MB and V8 set the
// next full collection a few megabytes above that, so it collected every few pages: 10-20 full
// collections per 100 pages, 20-30 ms of CPU per page. With the first limit at 128 MB: 2-3 per 100
// pages (docs/benchmarks.md, issue 17). It is a starting limit, not a reservation: memory is taken
// as the heap grows, and the limit adapts after that as before.
export const SERVER_NODE_FLAGS = ['--initial-old-space-size=128'];

// The production server's entry: adapter-node's build/index.js with the fast path of src/lib/server/fast-path.ts attached.
export const SERVER_ENTRY = 'scripts/serve.mjs';
