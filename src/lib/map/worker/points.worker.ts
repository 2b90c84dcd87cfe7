// The points worker: reads the explorer's record stream, keeps the columns it needs for
// clustering and facet counts, rebuilds the cluster index when the filter changes, and answers
// viewport queries. The main thread never decodes, loops over a million records, or clusters.
/// <reference lib="webworker" />
// This file is the worker's message loop: what it holds and answers from is in worker-state.ts,
// the stream's loads and the first view in stream-intake.ts.
import type { ToWorker } from './protocol';
import { cancelLoad, load, showFirstView, stopWaitingForFirstView } from './stream-intake';
import {
	changes,
	tracks,
	clusters,
	density,
	dropRowsLeft,
	expansionZoom,
	finishRows,
	leaves,
	post,
	reindex,
	rows,
	setFilter,
	setLastDensity
} from './worker-state';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<ToWorker>) => {
	const m = event.data;
	// A newer rows request replaces the rest of the last one; the map's image goes before it; anything else after it.
	if (m.type === 'rows') dropRowsLeft();
	else if (m.type !== 'density') finishRows();
	switch (m.type) {
		case 'load':
			void load(m.url, m.copy);
			break;
		case 'cancel':
			cancelLoad();
			stopWaitingForFirstView();
			break;
		case 'first-drawn':
			stopWaitingForFirstView();
			break;
		case 'filter':
			setFilter(m.filter, m.seq);
			reindex(m.seq);
			break;
		case 'clusters':
			clusters(m.seq, m.bbox, m.zoom);
			break;
		case 'density':
			setLastDensity(m);
			if (!showFirstView(m)) density(m);
			break;
		case 'expand':
			post({ type: 'expanded', seq: m.seq, zoom: expansionZoom(m.clusterId) });
			break;
		case 'leaves':
			leaves(m.seq, m.clusterId, m.limit);
			break;
		case 'rows':
			rows(m);
			break;
		case 'changes':
			changes(m.seq, m.filter, m.request);
			break;
		case 'tracks':
			tracks(m.seq, m.filter, m.entities);
			break;
	}
};
