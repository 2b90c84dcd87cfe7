// The explorer needs WebGL and workers: pages render in the browser. (The service's routes are
// +server.ts endpoints and are not affected.) Set at the root so error pages render the same way.
// This file, +layout.svelte and +error.svelte stay at the root rather than in (explorer): a URL
// that no route matches (of either audience's paths) is answered with the root layout and error
// page only, so in (explorer) they would no longer be the explorer's "Nothing here" for those.
export const ssr = false;
