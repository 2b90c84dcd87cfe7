// The explorer endpoints' schemas: what each request is read as, and the one message a request
// that does not pass is answered with (400), the first of its problems in the order people are told.
import { describe, expect, it } from 'vitest';
import { parse, queryInput } from './parse';
import { searchParams } from './requests';
import { askBody, conversationRef, exportQuery, recordRef, searchQuery, streamParts, streamQuery, type AskBody } from './schemas';

const q = (s: string) => parse(streamParts(), queryInput(new URLSearchParams(s)));
const parseRecordRef = (params: { dataset?: string; component?: string; ref?: string }) => parse(recordRef, params);
const query = (schema: Parameters<typeof parse>[0], s: string) => parse(schema, queryInput(new URLSearchParams(s)));
const refused = (message: string) => ({ ok: false, message });
const VERSION = '0123456789abcdef01234567';

describe('stream query', () => {
	it('defaults to every part and keeps the order datasets × components', () => {
		expect(q('')).toEqual({ ok: true, value: ['icd/video', 'icd/image', 'icdb/video', 'icdb/image'] });
		expect(q('datasets=icdb,ICD,icdb&components=images')).toEqual({ ok: true, value: ['icdb/image', 'icd/image'] });
	});

	it('refuses unknown datasets, components and parameters with a readable message', () => {
		expect(q('datasets=icd,foo')).toEqual({ ok: false, message: 'Unknown dataset "foo"; expected icd, icdb.' });
		expect(q('components=audio')).toMatchObject({ ok: false, message: expect.stringContaining('Unknown component "audio"') });
		expect(q('dataset=icd')).toMatchObject({ ok: false, message: expect.stringContaining('Unknown parameter "dataset"') });
		expect(q('datasets=icd&datasets=icdb')).toMatchObject({ ok: false });
	});
});

describe('record reference', () => {
	it('accepts singular or plural components and normalises the uuid', () => {
		const uuid = crypto.randomUUID();
		expect(parseRecordRef({ dataset: 'icdb', component: 'videos', ref: uuid.toUpperCase() })).toEqual({
			ok: true,
			value: { dataset: 'icdb', component: 'video', uuid }
		});
		expect(parseRecordRef({ dataset: 'icd', component: 'image', ref: 'nope' })).toMatchObject({
			ok: false,
			message: '"nope" is neither a record uuid nor a record id (primary_id).'
		});
		expect(parseRecordRef({ dataset: 'x', component: 'image', ref: uuid })).toMatchObject({ ok: false });
	});

	it('takes a primary_id (the record stream names records by it) and refuses what is not one', () => {
		expect(parseRecordRef({ dataset: 'icd', component: 'video', ref: '551178' })).toEqual({
			ok: true,
			value: { dataset: 'icd', component: 'video', primaryId: 551178 }
		});
		expect(parseRecordRef({ dataset: 'icd', component: 'video', ref: '0' })).toMatchObject({ ok: true, value: { primaryId: 0 } });
		for (const ref of ['-3', '1.5', '1e5', '12a', String(2 ** 53), ''])
			expect(parseRecordRef({ dataset: 'icd', component: 'video', ref })).toMatchObject({ ok: false });
	});
});

describe('query input', () => {
	it('keeps every value of a name, names in the order first given, "__proto__" a name like any other', () => {
		const input = queryInput(new URLSearchParams('b=1&a=2&b=3&__proto__=x'));
		expect(Object.keys(input)).toEqual(['b', 'a', '__proto__']);
		expect(input.b).toEqual(['1', '3']);
		expect(q('__proto__=x')).toEqual(refused('Unknown parameter "__proto__"; expected datasets and components.'));
	});
});

describe('/api/stream', () => {
	it('reads the parts and the version the page holds', () => {
		expect(query(streamQuery, '')).toEqual({ ok: true, value: { since: null, parts: ['icd/video', 'icd/image', 'icdb/video', 'icdb/image'] } });
		expect(query(streamQuery, `datasets=icdb&since=${VERSION}`)).toEqual({ ok: true, value: { since: VERSION, parts: ['icdb/video', 'icdb/image'] } });
	});

	it('refuses a version that is not one, or two of them, and names since among the parameters it takes', () => {
		expect(query(streamQuery, 'since=ABC')).toEqual(
			refused(`"since" must be a version of the record stream (24 hexadecimal digits), as its 'done' message gives it; got "ABC".`)
		);
		expect(query(streamQuery, `since=${VERSION}&since=${VERSION}`)).toEqual(refused('The parameter "since" is given more than once.'));
		expect(query(streamQuery, 'sinse=1')).toEqual(refused('Unknown parameter "sinse"; expected datasets and components (and since).'));
		expect(query(streamQuery, 'components=video&components=image')).toEqual(
			refused('The parameter "components" is given more than once; list values separated by commas.')
		);
	});

	it('tells of the first problem in the order it checks: since, then the names, then their values', () => {
		expect(query(streamQuery, 'datasets=nope&foo=1&since=x')).toMatchObject({ message: expect.stringMatching(/^"since" must be/) });
		expect(query(streamQuery, 'datasets=nope&foo=1')).toEqual(refused('Unknown parameter "foo"; expected datasets and components (and since).'));
		// Names in the order they come: a repeated one before an unknown one after it.
		expect(query(streamQuery, 'datasets=icd&datasets=icdb&foo=1')).toMatchObject({ message: expect.stringContaining('"datasets" is given more than once') });
	});
});

describe('/api/record and /api/media', () => {
	it('say which part of the path is wrong', () => {
		expect(parseRecordRef({ dataset: 'x', component: 'image', ref: '1' })).toEqual(refused('Unknown dataset "x"; expected icd or icdb.'));
		expect(parseRecordRef({ dataset: 'icd', component: 'audio', ref: '1' })).toEqual(refused('Unknown component "audio"; expected video or image.'));
		expect(parseRecordRef({ dataset: ' ICDB ', component: 'Images', ref: '1' })).toEqual({
			ok: true,
			value: { dataset: 'icdb', component: 'image', primaryId: 1 }
		});
	});
});

describe('/api/search', () => {
	it('reads a search with its defaults: keyword, every part, page 1', () => {
		expect(query(searchQuery, 'q=%20convoy%20')).toEqual({
			ok: true,
			value: {
				mode: 'keyword',
				query: 'convoy',
				datasets: ['icd', 'icdb'],
				components: ['video', 'image'],
				country: undefined,
				entity: undefined,
				dateFrom: undefined,
				dateTo: undefined,
				page: 1,
				ignore: []
			}
		});
		expect(
			query(searchQuery, 'mode=meaning&q=aid&components=images&country=%20Sudan%20&from=2020-01-01&page=3&ignore=date,%20place%20,date&other=1')
		).toMatchObject({
			ok: true,
			value: { mode: 'meaning', datasets: ['icd', 'icdb'], components: ['image'], country: 'Sudan', dateFrom: '2020-01-01', page: 3, ignore: ['date', 'place'] }
		});
	});

	it('refuses with the message of the first problem', () => {
		expect(query(searchQuery, 'mode=fuzzy&q=')).toEqual(refused('Unknown search mode "fuzzy"; expected keyword or meaning.'));
		expect(query(searchQuery, 'q=%20%20')).toEqual(refused('Type something to search for.'));
		expect(query(searchQuery, `q=${'x'.repeat(1001)}`)).toEqual(refused('The search is too long (at most 1000 characters).'));
		expect(query(searchQuery, 'q=a&datasets=icx&from=x')).toEqual(refused('Unknown dataset "icx"; expected icd, icdb.'));
		expect(query(searchQuery, 'q=a&from=2024-13-45x&page=0')).toEqual(refused('"2024-13-45x" is not a date (YYYY-MM-DD).'));
		expect(query(searchQuery, 'q=a&page=101')).toEqual(refused('"101" is not a page number (1 to 100).'));
		expect(query(searchQuery, 'q=a&page=')).toEqual(refused('"" is not a page number (1 to 100).'));
		expect(query(searchQuery, 'q=a&ignore=place,nope')).toEqual(refused('"nope" is not a part of a question; expected place, date, organisation, component.'));
	});

	it('reads back the query the page builds (requests.ts)', () => {
		const input = {
			mode: 'meaning',
			query: 'aid trucks',
			datasets: ['icdb'],
			components: ['video'],
			country: 'Sudan',
			from: '2020-01-01',
			to: '2020-12-31',
			page: 2,
			ignore: ['place']
		} as const;
		expect(
			parse(searchQuery, queryInput(searchParams({ ...input, datasets: [...input.datasets], components: [...input.components], ignore: [...input.ignore] })))
		).toEqual({
			ok: true,
			value: {
				mode: 'meaning',
				query: 'aid trucks',
				datasets: ['icdb'],
				components: ['video'],
				country: 'Sudan',
				entity: undefined,
				dateFrom: '2020-01-01',
				dateTo: '2020-12-31',
				page: 2,
				ignore: ['place']
			}
		});
	});
});

describe('/api/export', () => {
	it('reads the filter, names separated by "|" (they may hold commas)', () => {
		expect(
			query(exportQuery, 'format=geojson&datasets=icd&components=video&countries=Sudan|Korea,%20Republic%20of|&from=2020-01-01&areas=r:1,2,3,4:Box')
		).toMatchObject({
			ok: true,
			value: {
				format: 'geojson',
				parts: ['icd/video'],
				countries: ['Sudan', 'Korea, Republic of'],
				entities: [],
				from: '2020-01-01',
				areas: [{ kind: 'rectangle', name: 'Box' }]
			}
		});
		expect(query(exportQuery, '')).toMatchObject({
			ok: true,
			value: { format: 'csv', parts: ['icd/video', 'icd/image', 'icdb/video', 'icdb/image'], areas: [] }
		});
	});

	it('refuses with the message of the first problem, in the order it checks', () => {
		expect(query(exportQuery, 'format=xlsx&foo=1')).toEqual(refused('Unknown export format "xlsx"; expected csv or geojson.'));
		expect(query(exportQuery, 'foo=1&datasets=icx')).toEqual(refused('Unknown parameter "foo"; expected datasets and components.'));
		expect(query(exportQuery, 'from=2024-02-01&to=2023-01-01&areas=p:1,2')).toEqual(refused('The start date 2024-02-01 is after the end date 2023-01-01.'));
		expect(query(exportQuery, `entities=${Array.from({ length: 501 }, (_, i) => `E${i}`).join('|')}&from=2024-02-01&to=2023-01-01`)).toEqual(
			refused('At most 500 countries and 500 organisations.')
		);
		expect(query(exportQuery, 'areas=p:1,2,3,4')).toEqual(refused('Area 1 (a polygon) needs at least 3 points.'));
	});
});

describe('/api/ask', () => {
	const body: AskBody = { dataset: 'icd', question: 'What happened?' };

	it('reads a question: text trimmed, blanks and what is not text where text is optional not given, removed parts once each', () => {
		expect(
			parse(askBody, {
				...body,
				question: ' Why? ',
				conversationId: ' c1 ',
				country: ' ',
				entity: 3,
				from: '2020-01-01',
				component: 'video',
				ignore: ['place', 'date', 'place'],
				extra: 1
			})
		).toEqual({
			ok: true,
			value: {
				dataset: 'icd',
				question: 'Why?',
				conversationId: 'c1',
				country: undefined,
				entity: undefined,
				from: '2020-01-01',
				to: undefined,
				component: 'video',
				ignore: ['place', 'date']
			}
		});
		expect(parse(askBody, { ...body, ignore: [] })).toMatchObject({ ok: true, value: { ignore: undefined } });
	});

	it('refuses with the message of the first problem, in the order it checks', () => {
		for (const notAnObject of [null, 'text', 5]) expect(parse(askBody, notAnObject)).toEqual(refused('The request must be a JSON object.'));
		expect(parse(askBody, [])).toEqual(refused('Choose the dataset to ask: icd or icdb.'));
		expect(parse(askBody, { question: 'q' })).toEqual(refused('Choose the dataset to ask: icd or icdb.'));
		expect(parse(askBody, { dataset: 'icd', question: 7 })).toEqual(refused('Type a question.'));
		expect(parse(askBody, { ...body, question: 'x'.repeat(4001) })).toEqual(refused('The question is too long (at most 4000 characters).'));
		expect(parse(askBody, { ...body, from: ' 2020-1-1 ' })).toEqual(refused('"2020-1-1" is not a date (YYYY-MM-DD).'));
		// The dates are checked before the component and the removed parts.
		expect(parse(askBody, { ...body, from: '2024-01-01', to: '2023-01-01', component: 'audio', ignore: 'place' })).toEqual(
			refused('The start date is after the end date.')
		);
		expect(parse(askBody, { ...body, component: 'audio', ignore: 'place' })).toEqual(refused('Unknown component "audio"; expected video or image.'));
		for (const ignore of ['place', null, ['nope'], [1]])
			expect(parse(askBody, { ...body, ignore })).toEqual(refused('ignore lists parts of the question: place, date, organisation, component.'));
	});
});

describe('DELETE /api/ask/{dataset}/{conversation}', () => {
	it('names the conversation to end', () => {
		expect(parse(conversationRef, { dataset: 'icdb', conversation: 'c1' })).toEqual({ ok: true, value: { dataset: 'icdb', conversation: 'c1' } });
		expect(parse(conversationRef, { dataset: 'ICD', conversation: 'c1' })).toEqual(refused('Unknown dataset "ICD".'));
		for (const conversation of ['', 'x'.repeat(201)])
			expect(parse(conversationRef, { dataset: 'icd', conversation })).toEqual(refused('Not a conversation id.'));
	});
});
