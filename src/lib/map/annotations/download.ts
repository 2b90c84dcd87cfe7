// Saving the annotations as a file of their own (a GeoJSON FeatureCollection, RFC 7946's media
// type), named by the time it was made: the panel's "Save as GeoJSON" and the records' GeoJSON
// export, which saves them beside the records.
import type { FeatureCollection } from 'geojson';

export function annotationsFileName(now = new Date()): string {
	return `annotations-${now.toISOString().slice(0, 16).replace(/[-:]/g, '')}.geojson`;
}

export function downloadAnnotations(collection: FeatureCollection, name = annotationsFileName()): void {
	const url = URL.createObjectURL(new Blob([JSON.stringify(collection, null, 1)], { type: 'application/geo+json' }));
	const a = document.createElement('a');
	a.href = url;
	a.download = name;
	a.click();
	// Revoked at once, the URL can be gone before the browser's download has read it.
	setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
