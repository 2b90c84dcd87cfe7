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
		expect(parseRecordRef({ dataset: 'icdb', component: 'videos', ref: uuid.toUpperCase() })).toEqual({ ok: true, value: { dataset: 'icdb', component: 'video', uuid } });
		expect(parseRecordRef({ dataset: 'icd', component: 'image', ref: 'nope' })).toMatchObject({ ok: false, message: '"nope" is neither a record uuid nor a record id (primary_id).' });
		expect(parseRecordRef({ dataset: 'x', component: 'image', ref: uuid })).toMatchObject({ ok: false });
	});

	it('takes a primary_id (the record stream names records by it) and refuses what is not one', () => {
		expect(parseRecordRef({ dataset: 'icd', component: 'video', ref: '551178' })).toEqual({ ok: true, value: { dataset: 'icd', component: 'video', primaryId: 551178 } });
		expect(parseRecordRef({ dataset: 'icd', component: 'video', ref: '0' })).toMatchObject({ ok: true, value: { primaryId: 0 } });
		for (const ref of ['-3', '1.5', '1e5', '12a', String(2 ** 53), '']) expect(parseRecordRef({ dataset: 'icd', component: 'video', ref })).toMatchObject({ ok: false });
	});
});
