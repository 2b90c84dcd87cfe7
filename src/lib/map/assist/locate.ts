// Finds records the page already holds by their ref (primary_id, or uuid for the few the stream
// names so): search results and a question's sources name their records (natural language results
// carry no coordinates), and the map has every mappable record. One pass over each part's ids.
import { isIdRef } from '../../stream/decode';
import type { PartId } from '../../types/stream';
import type { PartColumns } from '../load/columns';

export interface Located {
	part: PartId;
	index: number;
	lon: number;
	lat: number;
}

/** The position of each wanted record that is on the map, keyed `${part}/${ref}` (ref as given, uuids lower-cased). */
export function locate(parts: Iterable<PartColumns>, wanted: { part: PartId; ref: string }[]): Map<string, Located> {
	const found = new Map<string, Located>();
	const ids = new Map<PartId, Map<number, string>>();
	const uuids = new Map<PartId, Map<string, string>>();
	for (const w of wanted) {
		const ref = w.ref.toLowerCase();
		const key = `${w.part}/${ref}`;
		if (isIdRef(ref)) ids.set(w.part, (ids.get(w.part) ?? new Map()).set(Number(ref), key));
		else uuids.set(w.part, (uuids.get(w.part) ?? new Map()).set(ref, key));
	}
	for (const p of parts) {
		const at = (index: number): Located => ({ part: p.id, index, lon: p.positions[index * 2], lat: p.positions[index * 2 + 1] });
		const wantedIds = ids.get(p.id);
		if (wantedIds) {
			for (let i = 0; i < p.length; i++) {
				const key = wantedIds.get(p.ids[i]);
				if (key !== undefined) found.set(key, at(i));
			}
		}
		const wantedUuids = uuids.get(p.id);
		if (wantedUuids) {
			for (const [i, uuid] of p.uuids) {
				const key = wantedUuids.get(uuid);
				if (key !== undefined) found.set(key, at(i));
			}
		}
	}
	return found;
}
