// What a question becomes before anything is searched: its exact terms, their WordNet
// first-sense synonyms, the query's meaning vector, and the corpus terms nearest to it.
import type { Sql } from '../../db/sql';
import type { Dataset } from '../../../types/dataset';
import { nlModel } from './model-store';
import type { TermModel } from './term-model';
import { terms } from './tokens';

/** Synonyms count half as much as the words the user wrote. */
export const SYNONYM_WEIGHT = 0.5;
/** A term in more than this share of chunks says almost nothing and costs a long posting list. */
const COMMON_SHARE = 0.1;
const SYNONYMS_PER_WORD = 4;
/**
 * Synonyms of a word the corpus already uses often mostly add noise (first senses of "set" are
 * "put, place, lay"); they are added for words the corpus does not know, and for specific ones.
 */
const EXPAND_MAX_SHARE = 0.02;
const LATENT_TERMS = 8;
const LATENT_MIN_SIMILARITY = 0.2;

export interface QueryPlan {
	model: TermModel;
	/** Every content term of the question, known to the index or not. */
	words: string[];
	exact: string[];
	synonyms: string[];
	latent: string[];
	/** The question with its synonyms, for embedders that read text. */
	expandedText: string;
	vector: Float32Array;
}

/**
 * Drops the terms nearly every chunk has, unless nothing would be left: then keeps the two rarest.
 * Terms the model does not know stay: the model is trained on a sample, so a rare word (a town)
 * can be in the index without being in the model.
 */
function informative(model: TermModel, list: string[]): string[] {
	const kept = list.filter((t) => model.docFrequency(t) <= COMMON_SHARE * model.chunks);
	if (kept.length > 0) return kept;
	return [...list].sort((a, b) => model.docFrequency(a) - model.docFrequency(b)).slice(0, 2);
}

export async function planQuery(sql: Sql, dataset: Dataset, question: string): Promise<QueryPlan> {
	const loaded = await nlModel(sql);
	const model = loaded.models.get(dataset)!;
	const words = [...new Set(terms(question))];
	const exact = informative(model, words);
	const seen = new Set(words);
	const synonyms: string[] = [];
	for (const w of words) {
		if (model.docFrequency(w) > EXPAND_MAX_SHARE * model.chunks) continue;
		for (const s of (loaded.synonyms.get(w) ?? []).slice(0, SYNONYMS_PER_WORD)) {
			if (!seen.has(s)) synonyms.push(s);
			seen.add(s);
		}
	}
	const expanded = informative(model, synonyms);
	const weighted: [string, number][] = [...words.map((w) => [w, 1] as [string, number]), ...expanded.map((s) => [s, SYNONYM_WEIGHT] as [string, number])];
	const vector = model.embed(weighted);
	const latent = vector.some((x) => x !== 0)
		? informative(
				model,
				model
					.nearest(vector, LATENT_TERMS, seen)
					.filter((n) => n.similarity >= LATENT_MIN_SIMILARITY)
					.map((n) => n.term)
			)
		: [];
	return { model, words, exact, synonyms: expanded, latent, expandedText: [question, ...expanded].join(' '), vector };
}
