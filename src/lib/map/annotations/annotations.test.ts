import { describe, expect, it } from 'vitest';
import { distanceKm } from '../changes/place-name';
import {
	annotationsGeoJson,
	circleRing,
	formatAnnotations,
	moved,
	parseAnnotations,
	textAnchor,
	withPoint,
	MAX_ANNOTATIONS,
	type Annotation
} from './annotations';

const sample: Annotation[] = [
	{ kind: 'label', points: [[32.5599, 15.5007]], text: 'Khartoum: 40% up | since May' },
	{
		kind: 'arrow',
		points: [
			[30, 12],
			[33.25, 14.125]
		],
		text: 'Convoy north'
	},
	{ kind: 'circle', points: [[44.3661, 33.3152]], radiusKm: 25.5, text: '' },
	{
		kind: 'polygon',
		points: [
			[10, 10],
			[12, 10],
			[11, 12.5]
		],
		text: 'Zone: A'
	}
];

describe('annotations in the URL', () => {
	it('round-trips every kind, its text with separators and percent signs included', () => {
		const text = formatAnnotations(sample);
		expect(text.split('|')).toHaveLength(4);
		expect(parseAnnotations(text)).toEqual({ annotations: sample, dropped: 0 });
		// Through the URL's own encoding too.
		const url = new URLSearchParams({ ann: text }).toString();
		expect(parseAnnotations(new URLSearchParams(url).get('ann')!).annotations).toEqual(sample);
	});

	it('is compact: four decimals, kind letters', () => {
		expect(formatAnnotations([{ kind: 'circle', points: [[1.234567, -2.5]], radiusKm: 3.14159, text: 'x' }])).toBe('c:1.2346,-2.5,3.1416:x');
	});

	it('leaves out what it cannot read and keeps the rest', () => {
		const good = formatAnnotations([sample[1]]);
		const { annotations, dropped } = parseAnnotations(
			[
				'q:1,2:unknown kind',
				'l:1,2:',
				'a:1,2:one point',
				'c:1,2,0:no radius',
				'c:1,2,9000:too big',
				'p:1,2,3,4:two points',
				'l:200,1:off',
				'l:a,b:nan',
				good
			].join('|')
		);
		expect(annotations).toEqual([sample[1]]);
		expect(dropped).toBe(8);
	});

	it('keeps at most the limit', () => {
		const many = Array.from({ length: MAX_ANNOTATIONS + 3 }, (_, i) => `l:${i},1:L${i}`).join('|');
		const { annotations, dropped } = parseAnnotations(many);
		expect(annotations).toHaveLength(MAX_ANNOTATIONS);
		expect(dropped).toBe(3);
	});

	it('cleans text to one line of at most 80 characters', () => {
		const { annotations } = parseAnnotations(`l:1,2:${'a'.repeat(100)}`);
		expect(annotations[0].text).toHaveLength(80);
		expect(parseAnnotations('l:1,2:  two%0Alines ').annotations[0].text).toBe('two%0Alines');
	});
});

describe('annotation geometry', () => {
	it('draws a circle of its radius on the ground', () => {
		const ring = circleRing([32.5, 15.5], 100, 36);
		expect(ring).toHaveLength(37);
		expect(ring[0]).toEqual(ring[36]);
		for (const [lon, lat] of ring) expect(distanceKm(32.5, 15.5, lon, lat)).toBeCloseTo(100, 0);
	});

	it('moves a shape in Mercator units, keeping a circle its radius', () => {
		const m = moved(sample[2], 0.01, 0);
		expect(m.points[0][0]).toBeCloseTo(44.3661 + 3.6, 4);
		expect(m.points[0][1]).toBeCloseTo(33.3152, 4);
		expect(m.radiusKm).toBe(25.5);
		// Off the top of the map it stops at its edge.
		expect(moved(sample[0], 0, -5).points[0][1]).toBe(85);
	});

	it('edits one point, or a circle radius from its handle', () => {
		expect(withPoint(sample[1], 1, [35, 15]).points).toEqual([
			[30, 12],
			[35, 15]
		]);
		const c = withPoint(sample[2], 1, [44.3661 + 1, 33.3152]);
		expect(c.radiusKm).toBeCloseTo(distanceKm(44.3661, 33.3152, 45.3661, 33.3152), 6);
		expect(c.points).toEqual(sample[2].points);
	});

	it('writes a circle text above it and a shape text above its northernmost corner', () => {
		const circle = textAnchor(sample[2]);
		expect(circle.above).toBe(true);
		expect(distanceKm(44.3661, 33.3152, circle.at[0], circle.at[1])).toBeCloseTo(25.5, 1);
		expect(textAnchor(sample[3]).at).toEqual([11, 12.5]);
		expect(textAnchor(sample[0])).toEqual({ at: sample[0].points[0], above: false });
	});
});

describe('annotations as GeoJSON', () => {
	it('is a FeatureCollection of their own: point, line, polygons closed, the circle with centre and radius', () => {
		const fc = annotationsGeoJson(sample);
		expect(fc.type).toBe('FeatureCollection');
		expect(fc.features.map((f) => f.geometry.type)).toEqual(['Point', 'LineString', 'Polygon', 'Polygon']);
		expect(fc.features.map((f) => f.properties?.kind)).toEqual(['label', 'arrow', 'circle', 'polygon']);
		expect(fc.features[0].properties?.text).toBe(sample[0].text);
		const circle = fc.features[2];
		expect(circle.properties).toMatchObject({ centre: [44.3661, 33.3152], radius_km: 25.5 });
		for (const f of fc.features.slice(2)) {
			const ring = (f.geometry as { coordinates: number[][][] }).coordinates[0];
			expect(ring[0]).toEqual(ring[ring.length - 1]);
		}
	});
});
