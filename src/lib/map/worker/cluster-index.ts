// Clusters over the filtered records, for a million of them within a second on a modest CPU.
//
// Step 1, cells: records are merged into grid cells a few pixels wide at one zoom past the
// cluster max zoom (so merging is invisible at every zoom that shows clusters). Jittered records
// around the same place collapse into one weighted cell: a million records become tens of
// thousands of cells.
// Step 2, supercluster over the cells, summing record counts (and the ICD share) through map/reduce.
import Supercluster, { type PointFeature } from 'supercluster';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS } from '../config';
import { mercatorX, mercatorY, lonFromX, latFromY } from '../projection/mercator';

/** Cells per axis of the unit square: 4-pixel cells at CLUSTER_MAX_ZOOM + 1 with 256 px tiles. */
export const CELL_GRID = (256 * 2 ** (CLUSTER_MAX_ZOOM + 1)) / 4;

export function cellKeyOf(lon: number, lat: number): number {
	return cellKeyOfMercator(mercatorX(lon), mercatorY(lat));
}

/** The same cell from Web Mercator coordinates already computed (the worker keeps them per record). */
export function cellKeyOfMercator(x: number, y: number): number {
	const cx = Math.min(CELL_GRID - 1, Math.floor(x * CELL_GRID));
	const cy = Math.min(CELL_GRID - 1, Math.floor(y * CELL_GRID));
	return cy * CELL_GRID + cx;
}

export interface CellProps {
	/** Records in the cell or cluster. */
	n: number;
	/** Of which ICD. */
	icd: number;
	/** For a cell holding one record: its part number and index; otherwise -1. */
	part: number;
	index: number;
}

/**
 * Positions summed as whole multiples of 2^-POSITION_BITS of the unit square (about 2 cm): exact
 * integers, so a cell's centre is the same whatever order its records were added in. (Float sums
 * differ in their last bits with the order, and one such bit can move a point across a cluster's
 * radius.) A million records of values below 2^31 sum to under 2^51, within a double's integers.
 */
const POSITION_BITS = 31;
const POSITION_SCALE = 2 ** POSITION_BITS;

/**
 * Accumulates records into cells; add() each passing record, then features(). The features come
 * in the order of their cell keys, not of first arrival: supercluster's greedy clustering depends
 * on the order of its input, and with it the clusters of the same records would depend on the
 * order their parts' pages arrived in.
 */
export class CellBuilder {
	private slot = new Map<number, number>();
	private sumX: number[] = [];
	private sumY: number[] = [];
	private n: number[] = [];
	private icd: number[] = [];
	private part: number[] = [];
	private index: number[] = [];
	readonly keys: number[] = [];

	add(key: number, x: number, y: number, isIcd: boolean, part: number, index: number): void {
		let s = this.slot.get(key);
		if (s === undefined) {
			s = this.n.length;
			this.slot.set(key, s);
			this.keys.push(key);
			this.sumX.push(0);
			this.sumY.push(0);
			this.n.push(0);
			this.icd.push(0);
			this.part.push(part);
			this.index.push(index);
		}
		this.sumX[s] += Math.round(x * POSITION_SCALE);
		this.sumY[s] += Math.round(y * POSITION_SCALE);
		this.n[s]++;
		if (isIcd) this.icd[s]++;
	}

	get size(): number {
		return this.n.length;
	}

	features(): PointFeature<CellProps & { key: number }>[] {
		const byKey = Uint32Array.from(this.n.keys()).sort((a, b) => this.keys[a] - this.keys[b]);
		const out: PointFeature<CellProps & { key: number }>[] = new Array(this.n.length);
		for (let k = 0; k < byKey.length; k++) {
			const s = byKey[k];
			const n = this.n[s];
			out[k] = {
				type: 'Feature',
				geometry: { type: 'Point', coordinates: [lonFromX(this.sumX[s] / n / POSITION_SCALE), latFromY(this.sumY[s] / n / POSITION_SCALE)] },
				properties: { n, icd: this.icd[s], part: n === 1 ? this.part[s] : -1, index: n === 1 ? this.index[s] : -1, key: this.keys[s] }
			};
		}
		return out;
	}
}

export type ClusterIndex = Supercluster<CellProps & { key: number }, CellProps>;

export function buildClusterIndex(cells: CellBuilder): ClusterIndex {
	const index: ClusterIndex = new Supercluster({
		radius: CLUSTER_RADIUS,
		maxZoom: CLUSTER_MAX_ZOOM,
		minZoom: 0,
		extent: 512,
		nodeSize: 64,
		map: (p) => ({ n: p.n, icd: p.icd, part: p.part, index: p.index }),
		reduce: (acc, p) => {
			acc.n += p.n;
			acc.icd += p.icd;
			acc.part = -1;
			acc.index = -1;
		}
	});
	index.load(cells.features());
	return index;
}

export { mercatorX, mercatorY };
