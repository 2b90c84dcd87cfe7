// Where the dense (meaning) signal comes from. By default the corpus-trained term model, which
// needs nothing from outside; when EMBEDDINGS_BASE_URL is set, an OpenAI-compatible embeddings
// endpoint (POST {base}/embeddings). Either way only the query and the candidate chunks are
// embedded, per request: the index never depends on a remote model being reachable.
import type { Settings } from '../../env';
import { ProblemError } from '../problems';
import type { TermModel } from './term-model';
import { cosine, normaliseInPlace } from './term-model';
import { termOf, terms, wordsOf } from './tokens';

export interface Embedder {
	readonly name: string;
	/** Similarity (about -1..1) of each text to the query, in order. */
	similarities(query: string, texts: string[]): Promise<number[]>;
}

/**
 * The corpus model scores a chunk by projecting each of its terms on the query vector:
 * sum of w(t)·(q·v(t)) over sqrt(sum of w(t)²), w = idf·(1 + log tf). That is the cosine of the
 * two embeddings if term vectors were orthogonal; it needs one dot product per distinct term of
 * the candidates (a few thousand) instead of one full vector sum per chunk, which is what keeps
 * the dense signal within a few milliseconds.
 */
export function localEmbedder(model: TermModel): Embedder {
	return {
		name: 'corpus-random-indexing',
		async similarities(query, texts) {
			const q = model.embed(terms(query).map((t) => [t, 1] as [string, number]));
			// Per question, by the terms' rows: a projection is computed once, and a chunk's term
			// counts are kept in one array (reset after each chunk) rather than a map per chunk. The
			// sums run over the same terms in the same order as before (first appearance), so the
			// scores are the same numbers. An unknown term weighs 0 and adds nothing: it is skipped.
			const projection = new Float64Array(model.size).fill(NaN);
			const count = new Int32Array(model.size);
			const distinct: number[] = [];
			const rowOfWord = wordRows(model);
			return texts.map((text) => {
				distinct.length = 0;
				for (const word of wordsOf(text)) {
					const i = rowOfWord(word);
					if (i >= 0 && count[i]++ === 0) distinct.push(i);
				}
				let dot = 0;
				let norm = 0;
				for (const i of distinct) {
					const w = model.idf[i] * (1 + Math.log(count[i]));
					count[i] = 0;
					let p = projection[i];
					if (Number.isNaN(p)) p = projection[i] = model.projectRow(i, q);
					dot += w * p;
					norm += w * w;
				}
				return norm > 0 ? dot / Math.sqrt(norm) : 0;
			});
		}
	};
}

// A candidate chunk is read as words as written ("Convoys"), each judged (tokens.ts) and looked up
// in the model: the word's row is kept per model, so each of the question's thousand chunks costs
// one map lookup a word. Bounded, as tokens.ts' own memo, against a stream of odd words.
const rowsOfWords = new WeakMap<TermModel, Map<string, number>>();
const WORD_ROWS_MAX = 200_000;

/** The model's row of a word as written, -1 for a stop word or a term the model does not know. */
function wordRows(model: TermModel): (word: string) => number {
	let rows = rowsOfWords.get(model);
	if (!rows) rowsOfWords.set(model, (rows = new Map()));
	const memo = rows;
	return (word) => {
		let i = memo.get(word);
		if (i === undefined) {
			const t = termOf(word);
			i = t === null ? -1 : model.rowOf(t);
			if (memo.size >= WORD_ROWS_MAX) memo.clear();
			memo.set(word, i);
		}
		return i;
	};
}

const REMOTE_TIMEOUT_MS = 20_000;

export function remoteEmbedder(config: Settings['embeddings'], fetcher: typeof fetch = fetch): Embedder {
	async function embed(texts: string[]): Promise<Float32Array[]> {
		let body: { data?: { index?: number; embedding?: number[] }[] };
		try {
			const response = await fetcher(`${config.baseUrl}/embeddings`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
				body: JSON.stringify({ model: config.model, input: texts }),
				signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS)
			});
			if (!response.ok) throw new Error(`${config.baseUrl}/embeddings answered HTTP ${response.status}`);
			body = await response.json();
		} catch (error) {
			// The cause can name internal hosts: it goes to the server log, the caller gets a stable sentence.
			console.error('[service] embeddings request failed:', error);
			throw new ProblemError('upstream_unavailable', 'The configured embeddings endpoint did not answer.');
		}
		const rows = body.data ?? [];
		if (rows.length !== texts.length || rows.some((r) => !Array.isArray(r.embedding))) {
			throw new ProblemError('upstream_unavailable', 'The configured embeddings endpoint answered with an unexpected shape.');
		}
		const ordered = [...rows].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
		return ordered.map((r) => normaliseInPlace(Float32Array.from(r.embedding!)));
	}
	return {
		name: `remote:${config.model}`,
		async similarities(query, texts) {
			if (texts.length === 0) return [];
			const [q, ...rest] = await embed([query, ...texts]);
			return rest.map((v) => cosine(q, v));
		}
	};
}

export function embedderFor(settings: Settings, model: TermModel): Embedder {
	return settings.embeddings.baseUrl && settings.embeddings.model ? remoteEmbedder(settings.embeddings) : localEmbedder(model);
}
