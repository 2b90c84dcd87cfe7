// Annotations: what an analyst writes and draws on the map for a briefing (a label, an arrow, a
// circle, a shape), kept in the URL so that a shared link restores them, drawn by the live map, the
// PNG and the video at the same geographic place, and saved as GeoJSON beside the records.
// One shape for every kind, so that moving, handles and the URL treat them alike:
//   label    points = [where]                 text written there
//   arrow    points = [tail, head]            text above the tail (the head points at the thing)
//   circle   points = [centre], radiusKm      text above it
//   polygon  points = its ring, not closed    text above its northernmost corner
// In the URL (`ann=`), "|" between annotations:
//   l:lon,lat:text   a:lon,lat,lon,lat:text   c:lon,lat,km:text   p:lon,lat,lon,lat,…:text
// coordinates to 4 decimals (~10 m); in the text "%" and "|" are written %25 and %7C (the rest
// is the URL's own encoding).
import type { Feature, FeatureCollection, Polygon, LineString, Point } from 'geojson';
import { distanceKm } from '../changes/place-name';
import { latFromY, lonFromX, mercatorX, mercatorY } from '../projection/mercator';

export type AnnotationKind = 'label' | 'arrow' | 'circle' | 'polygon';
export type LonLat = [number, number];

export interface Annotation {
	kind: AnnotationKind;
	points: LonLat[];
	/** Circles only. */
	radiusKm?: number;
	text: string;
}

/** What the map draws of them (layers/annotation-layers.ts). */
export interface AnnotationInputs {
	list: readonly Annotation[];
	/** The one being edited (its handles drawn), by its index in the list. */
	selected: number | null;
	/** The one being placed, drawn as it would be if the next click ended it. */
	preview: Annotation | null;
}

export const MAX_ANNOTATIONS = 30;
export const MAX_TEXT = 80;
export const MAX_POLYGON_POINTS = 100;
export const MAX_RADIUS_KM = 5000;
const EARTH_KM = 6371.0088;

const CODE: Record<AnnotationKind, string> = { label: 'l', arrow: 'a', circle: 'c', polygon: 'p' };
const KIND_OF: Record<string, AnnotationKind> = { l: 'label', a: 'arrow', c: 'circle', p: 'polygon' };

/** What each kind is called in the page (its list, the hint, the GeoJSON's properties). */
export const KIND_NAMES: Record<AnnotationKind, string> = { label: 'Label', arrow: 'Arrow', circle: 'Circle', polygon: 'Shape' };

const fixed = (v: number) => String(Math.round(v * 1e4) / 1e4);
const escapeText = (text: string) => text.replace(/%/g, '%25').replace(/\|/g, '%7C');
const unescapeText = (text: string) => text.replace(/%7C/gi, '|').replace(/%25/g, '%');

/** Text as kept: one line, trimmed, at most MAX_TEXT characters. */
export function cleanText(text: string): string {
	return text.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);
}

export function formatAnnotations(list: readonly Annotation[]): string {
	return list
		.map((a) => {
			const numbers = a.points.flat();
			if (a.kind === 'circle') numbers.push(a.radiusKm ?? 0);
			return `${CODE[a.kind]}:${numbers.map(fixed).join(',')}:${escapeText(a.text)}`;
		})
		.join('|');
}

/** How many points each kind needs: [fewest, most]. */
const POINTS: Record<AnnotationKind, [number, number]> = { label: [1, 1], arrow: [2, 2], circle: [1, 1], polygon: [3, MAX_POLYGON_POINTS] };

/** Why an annotation cannot be kept, or null when it can. */
export function annotationProblem(a: Annotation): string | null {
	const [fewest, most] = POINTS[a.kind];
	if (a.points.length < fewest || a.points.length > most)
		return fewest === most ? `needs ${fewest} point${fewest > 1 ? 's' : ''}` : `needs ${fewest} to ${most} points`;
	if (a.points.some(([lon, lat]) => !Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 85.06))
		return 'has a point off the map';
	if (a.kind === 'circle' && !(Number.isFinite(a.radiusKm) && a.radiusKm! > 0 && a.radiusKm! <= MAX_RADIUS_KM))
		return `needs a radius above 0 and at most ${MAX_RADIUS_KM} km`;
	if (a.kind === 'label' && !a.text) return 'has no text';
	if (a.text.length > MAX_TEXT) return `has more than ${MAX_TEXT} characters`;
	return null;
}

/**
 * The annotations of a URL's text. One that cannot be read is left out and the others kept (a link
 * edited by hand keeps what it still says); `dropped` counts those left out.
 */
export function parseAnnotations(text: string): { annotations: Annotation[]; dropped: number } {
	const annotations: Annotation[] = [];
	let dropped = 0;
	for (const part of text.split('|')) {
		if (!part.trim()) continue;
		const first = part.indexOf(':');
		const second = part.indexOf(':', first + 1);
		const kind = KIND_OF[part.slice(0, first)];
		const numbers = part
			.slice(first + 1, second < 0 ? undefined : second)
			.split(',')
			.map(Number);
		const words = cleanText(unescapeText(second < 0 ? '' : part.slice(second + 1)));
		const a = kind ? fromNumbers(kind, numbers, words) : null;
		if (!a || annotationProblem(a) || annotations.length >= MAX_ANNOTATIONS) dropped++;
		else annotations.push(a);
	}
	return { annotations, dropped };
}

function fromNumbers(kind: AnnotationKind, numbers: number[], text: string): Annotation | null {
	const radiusKm = kind === 'circle' ? numbers.pop() : undefined;
	if (numbers.length % 2 || numbers.some((v) => !Number.isFinite(v))) return null;
	const points: LonLat[] = [];
	for (let i = 0; i < numbers.length; i += 2) points.push([numbers[i], numbers[i + 1]]);
	return kind === 'circle' ? { kind, points, radiusKm, text } : { kind, points, text };
}

/** The point `km` away from `from` on the bearing `degrees` (clockwise from north), on the sphere. */
export function destination([lon, lat]: LonLat, km: number, degrees: number): LonLat {
	const d = km / EARTH_KM;
	const b = (degrees * Math.PI) / 180;
	const φ1 = (lat * Math.PI) / 180;
	const λ1 = (lon * Math.PI) / 180;
	const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(b));
	const λ2 = λ1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
	return [((((λ2 * 180) / Math.PI + 540) % 360) - 180) as number, (φ2 * 180) / Math.PI];
}

/** A circle's outline on the ground (a true circle of its radius, not a circle on the screen), closed. */
export function circleRing(centre: LonLat, radiusKm: number, segments = 72): LonLat[] {
	const ring: LonLat[] = [];
	for (let i = 0; i <= segments; i++) ring.push(destination(centre, radiusKm, (360 * (i % segments)) / segments));
	return ring;
}

/** The radius a circle gets when its edge is put at `edge`. */
export function radiusTo(centre: LonLat, edge: LonLat): number {
	return Math.min(MAX_RADIUS_KM, Math.max(0.01, distanceKm(centre[0], centre[1], edge[0], edge[1])));
}

/** Where a circle's radius handle sits: due east of its centre. */
export function radiusHandle(a: Annotation): LonLat {
	return destination(a.points[0], a.radiusKm ?? 0, 90);
}

/** The outline drawn for an annotation (labels have none), closed for circles and polygons. */
export function outlineOf(a: Annotation): LonLat[] | null {
	if (a.kind === 'arrow') return a.points;
	if (a.kind === 'circle') return circleRing(a.points[0], a.radiusKm ?? 0);
	if (a.kind === 'polygon') return [...a.points, a.points[0]];
	return null;
}

/** Where an annotation's text is written, and whether it sits above that point (circles, shapes) or on it. */
export function textAnchor(a: Annotation): { at: LonLat; above: boolean } {
	if (a.kind === 'circle') return { at: destination(a.points[0], a.radiusKm ?? 0, 0), above: true };
	if (a.kind === 'polygon') return { at: a.points.reduce((top, p) => (p[1] > top[1] ? p : top)), above: true };
	// An arrow's text above its tail, clear of the shaft; a label's on its point.
	return { at: a.points[0], above: a.kind === 'arrow' };
}

/**
 * The annotation moved by a shift in Web Mercator units (so a shape keeps its look on the map as
 * it moves; a circle keeps its radius on the ground). Points stay on the map.
 */
export function moved(a: Annotation, dx: number, dy: number): Annotation {
	const shift = ([lon, lat]: LonLat): LonLat => [
		lonFromX(Math.min(1, Math.max(0, mercatorX(lon) + dx))),
		Math.max(-85, Math.min(85, latFromY(Math.min(1, Math.max(0, mercatorY(lat) + dy)))))
	];
	return { ...a, points: a.points.map(shift) };
}

/** The annotation with one of its points (or, for a circle, its radius handle: index 1) put at `to`. */
export function withPoint(a: Annotation, index: number, to: LonLat): Annotation {
	if (a.kind === 'circle') return index === 0 ? { ...a, points: [to] } : { ...a, radiusKm: radiusTo(a.points[0], to) };
	return { ...a, points: a.points.map((p, i) => (i === index ? to : p)) };
}

/** The handles of an annotation being edited: its points, and a circle's radius handle. */
export function handlesOf(a: Annotation): LonLat[] {
	return a.kind === 'circle' ? [a.points[0], radiusHandle(a)] : a.points;
}

/** A short name for the list and the screen reader: "Arrow: Convoy heading north". */
export function describeAnnotation(a: Annotation, index: number): string {
	return a.text ? `${KIND_NAMES[a.kind]}: ${a.text}` : `${KIND_NAMES[a.kind]} ${index + 1}`;
}

/**
 * The annotations as a GeoJSON FeatureCollection of their own (RFC 7946): a label a Point, an
 * arrow a LineString from tail to head, a circle a Polygon of its outline with its centre and
 * radius in the properties, a shape a Polygon.
 */
export function annotationsGeoJson(list: readonly Annotation[]): FeatureCollection<Point | LineString | Polygon> {
	const features = list.map((a, i): Feature<Point | LineString | Polygon> => {
		const properties: Record<string, unknown> = { kind: a.kind, text: a.text, order: i + 1 };
		if (a.kind === 'label') return { type: 'Feature', properties, geometry: { type: 'Point', coordinates: a.points[0] } };
		if (a.kind === 'arrow') return { type: 'Feature', properties, geometry: { type: 'LineString', coordinates: a.points } };
		if (a.kind === 'circle') {
			properties.centre = a.points[0];
			properties.radius_km = Math.round((a.radiusKm ?? 0) * 1000) / 1000;
		}
		return { type: 'Feature', properties, geometry: { type: 'Polygon', coordinates: [outlineOf(a)!] } };
	});
	return { type: 'FeatureCollection', features };
}
