// The browser's side of the app, evaluated with its entry script, before any page's own modules.
import { base } from '$app/paths';
import { readPageConfig } from '$lib/map/page-config';
import { startPointsWorkerEarly } from '$lib/map/worker/early-start';

// The explorer page's record stream starts now, not once its components are built (early-start.ts).
if (location.pathname === `${base}/`) startPointsWorkerEarly(readPageConfig().streamCopy);
