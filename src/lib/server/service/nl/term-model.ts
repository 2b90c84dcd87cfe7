// Latent semantic vectors trained on the corpus by random indexing (Kanerva, Sahlgren): every
// record has a fixed sparse random "index vector" derived from its uuid; a term's vector is the
// sum of the index vectors of the records that use it. That is a random projection of the
// term-record matrix, so it approximates LSA without a factorisation: terms used by the same
// records point the same way ("motorcade", "convoy", "vehicles"). One pass, memory bounded by
// the vocabulary, fully deterministic.

export const DIMENSIONS = 256;
const NONZERO = 8;

interface IndexVector {
	at: Uint16Array;
	sign: Int8Array;
}

function hash32(text: string, seed: number): number {
	let h = 2166136261 ^ seed;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
	return h >>> 0;
}

/** A record's index vector, derived from its key alone so every build agrees. */
function indexVector(key: string): IndexVector {
	const at = new Uint16Array(NONZERO);
	const sign = new Int8Array(NONZERO);
	let state = hash32(key, 0x9e3779b9) || 1;
	for (let i = 0; i < NONZERO; i++) {
		// xorshift32
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		state >>>= 0;
		at[i] = state % DIMENSIONS;
		sign[i] = state & 0x10000 ? 1 : -1;
	}
	return { at, sign };
}

export class TermModelTrainer {
	readonly df = new Map<string, number>();
	readonly vectors = new Map<string, Float32Array>();
	/** Every chunk of the dataset, and those of the sample whose terms were counted. */
	chunks = 0;
	sampledChunks = 0;

	/** Counts a sampled chunk's distinct terms for their document frequency. */
	count(chunkTerms: Iterable<string>): void {
		this.sampledChunks++;
		for (const t of chunkTerms) this.df.set(t, (this.df.get(t) ?? 0) + 1);
	}

	/** Adds the record's index vector to the context vector of every term the record uses. */
	train(recordKey: string, recordTerms: Iterable<string>): void {
		const iv = indexVector(recordKey);
		for (const term of recordTerms) {
			let v = this.vectors.get(term);
			if (!v) this.vectors.set(term, (v = new Float32Array(DIMENSIONS)));
			for (let k = 0; k < NONZERO; k++) v[iv.at[k]] += iv.sign[k];
		}
	}
}

export interface NearTerm {
	term: string;
	similarity: number;
}

/** A trained model loaded for queries: one row of the matrix a term, unit length, common direction removed. */
export class TermModel {
	private readonly row = new Map<string, number>();
	private readonly matrix: Float32Array;
	readonly idf: Float32Array;

	constructor(
		readonly terms: string[],
		readonly df: Int32Array,
		vectors: Float32Array[],
		readonly chunks: number
	) {
		const n = terms.length;
		this.matrix = new Float32Array(n * DIMENSIONS);
		this.idf = new Float32Array(n);
		const mean = new Float64Array(DIMENSIONS);
		const trained = new Uint8Array(n);
		for (let i = 0; i < n; i++) {
			this.row.set(terms[i], i);
			this.idf[i] = Math.log(1 + (chunks - df[i] + 0.5) / (df[i] + 0.5));
			const v = unit(vectors[i]);
			trained[i] = v.some((x) => x !== 0) ? 1 : 0;
			this.matrix.set(v, i * DIMENSIONS);
			for (let d = 0; d < DIMENSIONS; d++) mean[d] += v[d] / n;
		}
		// Every context vector shares a component from the words that are everywhere; removing
		// it is what makes cosine similarity discriminate between topics. Untrained terms (seen
		// only outside the training sample) keep a zero vector: they carry no meaning signal.
		for (let i = 0; i < n; i++) {
			if (!trained[i]) continue;
			const v = this.matrix.subarray(i * DIMENSIONS, (i + 1) * DIMENSIONS);
			for (let d = 0; d < DIMENSIONS; d++) v[d] -= mean[d];
			normaliseInPlace(v);
		}
	}

	has(term: string): boolean {
		return this.row.has(term);
	}

	/** How many terms the model holds: row indices run from 0 to size - 1. */
	get size(): number {
		return this.terms.length;
	}

	/** The term's row index, -1 when unknown. */
	rowOf(term: string): number {
		return this.row.get(term) ?? -1;
	}

	/** Dot product of a row's vector with a vector: project() for a term already looked up. */
	projectRow(i: number, vector: Float32Array): number {
		let dot = 0;
		const base = i * DIMENSIONS;
		for (let d = 0; d < DIMENSIONS; d++) dot += vector[d] * this.matrix[base + d];
		return dot;
	}

	docFrequency(term: string): number {
		const i = this.row.get(term);
		return i === undefined ? 0 : this.df[i];
	}

	/** The term's idf, 0 when unknown. */
	weight(term: string): number {
		const i = this.row.get(term);
		return i === undefined ? 0 : this.idf[i];
	}

	/** Dot product of the term's vector with a vector; 0 when the term is unknown. */
	project(term: string, vector: Float32Array): number {
		const i = this.row.get(term);
		return i === undefined ? 0 : this.projectRow(i, vector);
	}

	/** idf-weighted sum of the terms' vectors, unit length; zero when no term is known. */
	embed(weighted: Iterable<[string, number]>): Float32Array {
		const out = new Float32Array(DIMENSIONS);
		for (const [term, weight] of weighted) {
			const i = this.row.get(term);
			if (i === undefined) continue;
			const w = weight * this.idf[i];
			const base = i * DIMENSIONS;
			for (let d = 0; d < DIMENSIONS; d++) out[d] += w * this.matrix[base + d];
		}
		return normaliseInPlace(out);
	}

	/** The k terms closest to a vector, ignoring the rarest (noise) and the excluded ones. */
	nearest(vector: Float32Array, k: number, exclude: Set<string>, minDf = 3): NearTerm[] {
		const best: NearTerm[] = [];
		const n = this.terms.length;
		for (let i = 0; i < n; i++) {
			if (this.df[i] < minDf) continue;
			let dot = 0;
			const base = i * DIMENSIONS;
			for (let d = 0; d < DIMENSIONS; d++) dot += vector[d] * this.matrix[base + d];
			if (best.length < k || dot > best[best.length - 1].similarity) {
				const term = this.terms[i];
				if (exclude.has(term)) continue;
				best.push({ term, similarity: dot });
				best.sort((a, b) => b.similarity - a.similarity);
				if (best.length > k) best.pop();
			}
		}
		return best;
	}
}

function unit(v: Float32Array): Float32Array {
	return normaliseInPlace(Float32Array.from(v));
}

export function normaliseInPlace(v: Float32Array): Float32Array {
	let norm = 0;
	for (let d = 0; d < v.length; d++) norm += v[d] * v[d];
	norm = Math.sqrt(norm);
	if (norm > 0) for (let d = 0; d < v.length; d++) v[d] /= norm;
	return v;
}

export function cosine(a: Float32Array, b: Float32Array): number {
	let dot = 0;
	for (let d = 0; d < a.length; d++) dot += a[d] * b[d];
	return dot;
}
