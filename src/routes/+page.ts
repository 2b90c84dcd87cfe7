// The map needs WebGL and workers: render it in the browser only.
export const ssr = false;
