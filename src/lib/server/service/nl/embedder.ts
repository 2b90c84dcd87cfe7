// Where the dense (meaning) signal comes from. By default the corpus-trained term model, which
// needs nothing from outside; when EMBEDDINGS_BASE_URL is set, an OpenAI-compatible embeddings
// endpoint (POST {base}/embeddings). Either way only the query and the candidate chunks are
// embedded, per request: the index never depends on a remote model being reachable.
import type { Settings } from '../../env';
import { ProblemError } from '../problems';
import type { TermModel } from './term-model';
import { cosine, normaliseInPlace } from './term-model';
import { terms } from './tokens';

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
			const projection = new Map<string, number>();
			return texts.map((text) => {
				const counts = new Map<string, number>();
				for (const t of terms(text)) counts.set(t, (counts.get(t) ?? 0) + 1);
				let dot = 0;
				let norm = 0;
				for (const [t, n] of counts) {
					const w = model.weight(t) * (1 + Math.log(n));
					let p = projection.get(t);
					if (p === undefined) projection.set(t, (p = model.project(t, q)));
					dot += w * p;
					norm += w * w;
				}
				return norm > 0 ? dot / Math.sqrt(norm) : 0;
			});
		}
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
