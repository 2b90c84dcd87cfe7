// Words of a question with their positions, folded the way names are folded (lower case, no
// diacritics, apostrophes and hyphens as word breaks), so "Côte d'Ivoire" in a question meets
// "Cote d'Ivoire" in the lexicon and a match can be cut out of the original text.

export interface Token {
	/** Folded form: lower case, without diacritics. */
	norm: string;
	raw: string;
	start: number;
	end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;

export const fold = (s: string): string =>
	s
		.normalize('NFD')
		.replace(/\p{M}+/gu, '')
		.toLowerCase();

export function tokenize(text: string): Token[] {
	const out: Token[] = [];
	for (const m of text.matchAll(WORD)) out.push({ norm: fold(m[0]), raw: m[0], start: m.index!, end: m.index! + m[0].length });
	return out;
}

/** The lexicon key of a name: its folded words joined by single spaces. */
export const nameKey = (name: string): string =>
	tokenize(name)
		.map((t) => t.norm)
		.join(' ');

/** True when the question shows the word as a name: capitalised, and not merely because it opens a sentence. */
export function writtenAsName(text: string, tokens: Token[], index: number): boolean {
	const t = tokens[index];
	if (!/^\p{Lu}/u.test(t.raw)) return false;
	if (index === 0) return false;
	const between = text.slice(tokens[index - 1].end, t.start);
	return !/[.!?:]/.test(between);
}

export const isUpperCase = (raw: string): boolean => raw === raw.toUpperCase() && /\p{L}/u.test(raw);
