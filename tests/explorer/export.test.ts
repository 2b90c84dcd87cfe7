// Export of the filtered records through the real server (/api/export, the explorer's endpoint
// walking the embedded service's manifests under the server-held key): exactly the records the
// filters select, every manifest field, as CSV and GeoJSON; bad filters are readable 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, CSV_COLUMNS } from '../../src/lib/server/explorer/export';
import { serverWithOracle } from '../helpers/server';
import { areaTest, parseAreas } from '../../src/lib/geo/areas';

const t = serverWithOracle({ size: 1500 });

interface Truth {
	uuid: string;
	dataset: string;
	component: string;
	primary_id: number;
	primary_date: string;
	primary_country: string;
	second_geo_layer: string;
	entity: string;
	title: string;
	dominant_lat: number;
	dominant_long: number;
}

const exported = async (query: Record<string, string>) => {
	const r = await t.server.get(`/api/export?${new URLSearchParams(query)}`, null);
	expect(
		r.status,
		await r
			.clone()
			.text()
			.then((s) => s.slice(0, 300))
	).toBe(200);
	return { response: r, text: await r.text() };
};

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let cell = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const c = text[i];
		if (quoted) {
			if (c === '"' && text[i + 1] === '"') {
				cell += '"';
				i++;
			} else if (c === '"') quoted = false;
			else cell += c;
		} else if (c === '"') quoted = true;
		else if (c === ',') {
			row.push(cell);
			cell = '';
		} else if (c === '\r' && text[i + 1] === '\n') {
			row.push(cell);
			rows.push(row);
			row = [];
			cell = '';
			i++;
		} else cell += c;
	}
	return rows;
}

function truth(where: string, ...params: unknown[]): Truth[] {
	return t.db.rows<Truth>(
		`SELECT uuid, upper(dataset) AS dataset, component, primary_id, primary_date, primary_country, second_geo_layer, entity, title, dominant_lat, dominant_long FROM records WHERE mappable = 1 AND ${where}`,
		...params
	);
}

describe('export of the filtered records', () => {
	let country: string;
	let others: string[];
	beforeAll(() => {
		const top = t.db.rows<{ c: string }>(
			"SELECT primary_country AS c FROM records WHERE dataset = 'icd' AND mappable = 1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 3"
		);
		country = top[0].c;
		others = top.slice(1).map((r) => r.c);
	});
	afterAll(() => undefined);

	it('CSV: exactly the records of one country and a period, with every manifest field', async () => {
		const { response, text } = await exported({ format: 'csv', datasets: 'icd', countries: country, from: '2020-01-01', to: '2024-12-31' });
		expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
		expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="records-\d{4}-\d{2}-\d{2}\.csv"$/);
		const [header, ...rows] = parseCsv(text);
		expect(header).toEqual([...CSV_COLUMNS]);
		const expected = truth("dataset = 'icd' AND primary_country = ? AND primary_date BETWEEN '2020-01-01' AND '2024-12-31'", country);
		expect(expected.length).toBeGreaterThan(10);
		expect(rows.map((r) => r[0]).sort()).toEqual(expected.map((e) => e.uuid).sort());
		const byUuid = new Map(rows.map((r) => [r[0], r]));
		for (const e of expected) {
			const r = byUuid.get(e.uuid)!;
			const title = e.title && /^[=+\-@]/.test(e.title) ? `'${e.title}` : e.title;
			expect(r).toEqual([
				e.uuid,
				e.dataset,
				e.component,
				String(e.primary_id),
				e.primary_date,
				e.primary_country,
				e.second_geo_layer,
				e.entity,
				title,
				String(e.dominant_lat),
				String(e.dominant_long)
			]);
		}
	});

	it('GeoJSON: several countries and the video component, filtered by the explorer itself', async () => {
		const { response, text } = await exported({ format: 'geojson', datasets: 'icd', components: 'video', countries: others.join('|') });
		expect(response.headers.get('content-type')).toBe('application/geo+json');
		const collection = JSON.parse(text) as {
			type: string;
			features: { geometry: { coordinates: [number, number] }; properties: { uuid: string; primary_country: string; component: string } }[];
		};
		expect(collection.type).toBe('FeatureCollection');
		const expected = truth(`dataset = 'icd' AND component = 'video' AND primary_country IN (?, ?)`, ...others);
		expect(collection.features.map((f) => f.properties.uuid).sort()).toEqual(expected.map((e) => e.uuid).sort());
		const one = expected[0];
		const feature = collection.features.find((f) => f.properties.uuid === one.uuid)!;
		expect(feature.geometry.coordinates).toEqual([one.dominant_long, one.dominant_lat]);
	});

	it('every dataset and component when nothing is filtered', async () => {
		const { text } = await exported({ format: 'csv' });
		expect(parseCsv(text).length - 1).toBe(t.db.count('mappable = 1'));
	});

	it('refuses bad filters with a readable message', async () => {
		for (const [query, message] of [
			['format=xlsx', 'Unknown export format'],
			['from=2024-13-45x', 'is not a date'],
			['from=2024-02-01&to=2023-01-01', 'is after'],
			['datasets=icx', 'Unknown dataset']
		]) {
			const r = await t.server.get(`/api/export?${query}`, null);
			expect(r.status, query).toBe(400);
			expect((await r.json()).message).toContain(message);
		}
	});
});

describe('csvCell', () => {
	it('quotes what needs quoting and defuses spreadsheet formulas', () => {
		expect(csvCell('plain')).toBe('plain');
		expect(csvCell('a, b')).toBe('"a, b"');
		expect(csvCell('say "hi"')).toBe('"say ""hi"""');
		expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
		expect(csvCell('-12')).toBe("'-12");
		expect(csvCell(-12.5)).toBe('-12.5');
		expect(csvCell(undefined)).toBe('');
	});
});

describe('export within drawn areas', () => {
	it('keeps only the records inside the areas (a rectangle, and a polygon as the map tests it)', async () => {
		const box = t.db.one<{ lat: number; lon: number }>(
			"SELECT dominant_lat lat, dominant_long lon FROM records WHERE mappable = 1 AND dataset = 'icdb' GROUP BY second_geo_layer ORDER BY count(*) DESC LIMIT 1"
		);
		const [w, s, e, n] = [box.lon - 2, box.lat - 2, box.lon + 2, box.lat + 2];
		const { text } = await exported({ format: 'csv', datasets: 'icdb', areas: `r:${w},${s},${e},${n}:Box` });
		const rows = parseCsv(text).slice(1);
		const expected = truth("dataset = 'icdb' AND dominant_long BETWEEN ? AND ? AND dominant_lat BETWEEN ? AND ?", w, e, s, n);
		expect(expected.length).toBeGreaterThan(5);
		expect(rows.map((r) => r[0]).sort()).toEqual(expected.map((x) => x.uuid).sort());

		// A triangle inside the same box: a subset of it, every point inside by the ray test.
		const triangle = `p:${w},${s},${e},${s},${box.lon},${n}`;
		const inTriangle = parseCsv((await exported({ format: 'csv', datasets: 'icdb', areas: `${triangle}:Triangle` })).text).slice(1);
		const test = areaTest(parseAreasOrThrow(triangle))!;
		expect(inTriangle.map((r) => r[0]).sort()).toEqual(
			expected
				.filter((x) => test(x.dominant_long, x.dominant_lat))
				.map((x) => x.uuid)
				.sort()
		);
		expect(inTriangle.length).toBeLessThan(rows.length);
	});

	it('refuses areas it cannot read', async () => {
		const r = await t.server.get('/api/export?areas=p:1,2,3,4', null);
		expect(r.status).toBe(400);
		expect((await r.json()).message).toContain('at least 3 points');
	});
});

function parseAreasOrThrow(text: string) {
	const parsed = parseAreas(text);
	if (!parsed.ok) throw new Error(parsed.message);
	return parsed.areas;
}
