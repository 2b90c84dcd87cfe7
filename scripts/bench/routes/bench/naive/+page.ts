// The naive baseline map needs WebGL: browser only.
export const ssr = false;
