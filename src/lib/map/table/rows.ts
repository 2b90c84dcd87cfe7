// A row of the records table read from the page's own columns (no request): everything but the
// title, which the stream does not carry.
import { PART_IDS, type DictionaryField, type PartId } from '../../types/stream';
import type { Component, Dataset } from '../../types/dataset';
import type { PartColumns } from '../load/columns';
import { dayToIso } from '../timeline/days';
import type { RecordKey } from '../load/records';
import { refIndex, refPart } from '../worker/table-order';

export interface TableRow {
	key: RecordKey;
	date: string;
	country: string;
	area: string;
	entity: string;
	lon: number;
	lat: number;
}

export function rowReader(parts: ReadonlyMap<PartId, PartColumns>, dictionaries: Record<DictionaryField, string[]>): (ref: number) => TableRow {
	return (ref) => {
		const id = PART_IDS[refPart(ref)];
		const p = parts.get(id)!;
		const i = refIndex(ref);
		const [dataset, component] = id.split('/') as [Dataset, Component];
		const name = (field: DictionaryField, code: number) => (code < 0 ? '' : (dictionaries[field][code] ?? ''));
		return {
			key: { dataset, component, ref: p.ref(i) },
			date: dayToIso(p.day(i)),
			country: name('country', p.country[i]),
			area: name('area', p.area[i]),
			entity: name('entity', p.entity[i]),
			lon: p.positions[i * 2],
			lat: p.positions[i * 2 + 1]
		};
	};
}
