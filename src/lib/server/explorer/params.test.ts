import { describe, expect, it } from 'vitest';
import { parseRecordRef, parseStreamQuery } from './params';

const q = (s: string) => parseStreamQuery(new URLSearchParams(s));

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
		expect(parseRecordRef({ dataset: 'icdb', component: 'videos', uuid: uuid.toUpperCase() })).toEqual({ ok: true, value: { dataset: 'icdb', component: 'video', uuid } });
		expect(parseRecordRef({ dataset: 'icd', component: 'image', uuid: 'nope' })).toMatchObject({ ok: false, message: '"nope" is not a record uuid.' });
		expect(parseRecordRef({ dataset: 'x', component: 'image', uuid })).toMatchObject({ ok: false });
	});
});
