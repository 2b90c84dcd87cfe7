// The explorer needs WebGL and workers: pages render in the browser. (The service's routes are
// +server.ts endpoints and are not affected.) Set at the root so error pages render the same way.
export const ssr = false;
