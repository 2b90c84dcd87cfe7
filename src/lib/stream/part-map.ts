// The records of a stream by part, always gone through in the parts' fixed order (PART_IDS), never
// in the order their first records happened to arrive: whatever reads every part (the clusters, the
// table's ties, the layers drawn one over another) then gives the same result for the same records
// however the four manifests' walks interleaved.
import { PART_IDS, type PartId } from '../types/stream';

export class PartMap<T> extends Map<PartId, T> {
	override *keys(): MapIterator<PartId> {
		for (const id of PART_IDS) if (this.has(id)) yield id;
	}

	override *values(): MapIterator<T> {
		for (const id of this.keys()) yield this.get(id)!;
	}

	override *entries(): MapIterator<[PartId, T]> {
		for (const id of this.keys()) yield [id, this.get(id)!];
	}

	override [Symbol.iterator](): MapIterator<[PartId, T]> {
		return this.entries();
	}

	override forEach(callback: (value: T, key: PartId, map: Map<PartId, T>) => void, thisArg?: unknown): void {
		for (const [id, value] of this.entries()) callback.call(thisArg, value, id, this);
	}
}
