// When a batch of the stream redraws the map. A frame of software WebGL costs 150-250 ms on the
// cores the stream needs, so a batch asks for one only where the map draws the records themselves.
import { describe, expect, it, vi } from 'vitest';
import type { PartColumns } from '../load/columns';
import { CLUSTER_MAX_ZOOM } from '../config';
import { needsUpload } from './layers';
import type { RecordFeed } from '../feed.svelte';
import type { FilterState } from '../filters.svelte';
import type { Highlights } from '../overlays/highlights';
import { Scene } from './scene.svelte';
import type { Selection } from '../selection.svelte';
import type { PlaybackState } from '../timeline/playback-state.svelte';
import type { MapView } from './views';

function sceneAt(zoom: number, o: { view?: MapView; playing?: boolean; held?: boolean; playbackOnGpu?: boolean } = {}) {
	const feed = { progress: { done: false } } as unknown as RecordFeed;
	const playback = { playing: o.playing ?? false, window: o.held ? { from: 0, to: 30 } : null } as unknown as PlaybackState;
	const scene = new Scene(feed, {} as FilterState, playback, {} as Highlights, {} as Selection);
	scene.map = { getZoom: () => zoom } as unknown as Scene['map'];
	// The map's engine (engine.ts) has loaded: its upload policy decides.
	scene.engine = { needsUpload } as unknown as Scene['engine'];
	scene.view = o.view ?? 'clusters';
	scene.playbackOnGpu = o.playbackOnGpu ?? false;
	const redrawSoon = vi.spyOn(scene, 'redrawSoon').mockImplementation(() => {});
	// A part deck.gl has never been handed: its upload is due.
	scene.grown({} as PartColumns);
	return redrawSoon;
}

describe('a batch of records', () => {
	it('redraws the map where it draws the records: zoomed in, or zoomed-out playback on a GPU', () => {
		expect(sceneAt(CLUSTER_MAX_ZOOM + 1)).toHaveBeenCalledTimes(1);
		expect(sceneAt(2, { playing: true, playbackOnGpu: true })).toHaveBeenCalledTimes(1);
		// A playback window held after pausing is drawn as the same GPU-faded points.
		expect(sceneAt(2, { held: true, playbackOnGpu: true })).toHaveBeenCalledTimes(1);
	});

	it("does not redraw where the map shows the worker's image, bins or clusters (their replies redraw it)", () => {
		expect(sceneAt(2)).not.toHaveBeenCalled();
		expect(sceneAt(CLUSTER_MAX_ZOOM)).not.toHaveBeenCalled();
		expect(sceneAt(2, { playing: true, playbackOnGpu: false })).not.toHaveBeenCalled();
		expect(sceneAt(2, { held: true, playbackOnGpu: false })).not.toHaveBeenCalled();
		expect(sceneAt(CLUSTER_MAX_ZOOM + 3, { view: 'hexbin' })).not.toHaveBeenCalled();
		expect(sceneAt(CLUSTER_MAX_ZOOM + 3, { view: 'heatmap' })).not.toHaveBeenCalled();
	});
});
