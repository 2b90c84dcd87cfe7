// The map's engine: MapLibre, deck.gl and terra-draw, and the explorer's code that builds on them
// at run time. It reaches the page through one dynamic import (engine-loader.ts), so the page's
// first scripts hold none of it (about 1.6 MB of the 2 MB it loads): the first image needs only
// the HTML, the app's own code and the first stream frames, painted on a 2D canvas
// (first-paint.ts), while this downloads beside the stream and takes over when ready (issue 23).
// Everything else imports these libraries for types only; a run-time import elsewhere would pull
// them back into the first load (tests/e2e/light-first-load.test.ts counts the bytes).
export { default as maplibregl } from 'maplibre-gl';
export { startMap } from './setup';
export { changeLayers, needsUpload, pointLayers } from '../layers/layers';
export { trackLayers } from '../layers/track-layers';
export { annotationLayers } from '../layers/annotation-layers';
export { placeLayers } from '../places/place-layers';
export { AreaDrawing, showAreas } from '../areas/draw';
