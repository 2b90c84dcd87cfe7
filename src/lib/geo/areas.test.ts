import { describe, expect, it } from 'vitest';
import { areaTest, describeAreas, formatAreas, parseAreas, rectangle } from './areas';

describe('drawn areas', () => {
	it('round-trips through their text form, names included', () => {
		const areas = [
			rectangle(30, 10, 35.12345, 16, 'Khartoum'),
			{
				kind: 'polygon' as const,
				name: 'Area 2',
				ring: [
					[1, 1],
					[3, 1],
					[2, 4]
				] as [number, number][]
			}
		];
		const text = formatAreas(areas);
		expect(text).toBe('r:30,10,35.1235,16:Khartoum|p:1,1,3,1,2,4:Area 2');
		const back = parseAreas(text);
		expect(back.ok && back.areas.map((a) => [a.kind, a.name, a.ring.length])).toEqual([
			['rectangle', 'Khartoum', 4],
			['polygon', 'Area 2', 3]
		]);
	});

	it('says what is wrong with a bad text', () => {
		for (const [text, message] of [
			['x:1,2', 'neither'],
			['r:1,2,3,4,5,6', 'needs west'],
			['r:5,5,1,1', 'no area'],
			['p:1,1,2,2', 'at least 3'],
			['p:1,1,2,2,500,1', 'off the globe'],
			['p:a,b,c,d,e,f', 'not numbers']
		]) {
			const r = parseAreas(text);
			expect(r.ok, text).toBe(false);
			if (!r.ok) expect(r.message).toContain(message);
		}
	});

	it('tests points against several areas, a concave polygon included', () => {
		// A "U" open to the north: its notch is outside.
		const u = {
			kind: 'polygon' as const,
			name: 'U',
			ring: [
				[0, 0],
				[10, 0],
				[10, 10],
				[7, 10],
				[7, 3],
				[3, 3],
				[3, 10],
				[0, 10]
			] as [number, number][]
		};
		const test = areaTest([u, rectangle(20, 20, 21, 21, 'box')])!;
		expect(test(1, 5)).toBe(true);
		expect(test(5, 5)).toBe(false); // the notch
		expect(test(5, 1)).toBe(true);
		expect(test(20.5, 20.5)).toBe(true);
		expect(test(15, 15)).toBe(false);
		expect(areaTest([])).toBeNull();
		expect(describeAreas([u, rectangle(0, 0, 1, 1, 'Khartoum')])).toBe('within U and Khartoum');
	});
});
