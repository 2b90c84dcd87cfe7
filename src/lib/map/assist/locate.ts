// Finds records the page already holds by uuid: search results and a question's sources come as
// uuids (natural language results carry no coordinates), and the map has every mappable record.
// One pass over each part's 16-byte uuids, comparing the first 4 bytes as one 32-bit word.
import type { PartId } from '../../types/stream';
import type { PartColumns } from '../columns';

export interface Located {
	part: PartId;
	index: number;
	lon: number;
	lat: number;
}

function uuidBytes(uuid: string): Uint8Array | null {
	const hex = uuid.replace(/-/g, '');
	if (!/^[0-9a-f]{32}$/i.test(hex)) return null;
	const bytes = new Uint8Array(16);
	for (let i = 0; i < 16; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
	return bytes;
}

/** The position of each wanted record that is on the map, keyed `${part}/${uuid}`. */
export function locate(parts: Iterable<PartColumns>, wanted: { part: PartId; uuid: string }[]): Map<string, Located> {
	const found = new Map<string, Located>();
	const byPart = new Map<PartId, Map<number, { key: string; bytes: Uint8Array }[]>>();
	for (const w of wanted) {
		const bytes = uuidBytes(w.uuid);
		if (!bytes) continue;
		const word = new Uint32Array(bytes.buffer, 0, 1)[0];
		const words = byPart.get(w.part) ?? new Map();
		byPart.set(w.part, words);
		words.set(word, [...(words.get(word) ?? []), { key: `${w.part}/${w.uuid.toLowerCase()}`, bytes }]);
	}
	for (const p of parts) {
		const words = byPart.get(p.id);
		if (!words || p.length === 0) continue;
		const view = new Uint32Array(p.uuids.buffer, p.uuids.byteOffset, p.length * 4);
		for (let i = 0; i < p.length; i++) {
			const candidates = words.get(view[i * 4]);
			if (!candidates) continue;
			for (const c of candidates) {
				let same = true;
				for (let b = 4; b < 16 && same; b++) same = p.uuids[i * 16 + b] === c.bytes[b];
				if (same) found.set(c.key, { part: p.id, index: i, lon: p.positions[i * 2], lat: p.positions[i * 2 + 1] });
			}
		}
	}
	return found;
}
