// Words as the meaning model sees them: lower case, stop words dropped, plurals folded. Words
// that say how to order ("newest", "oldest") are dropped too: no record is about them. The
// lexical index has its own tokenizer (FTS5 porter); these terms only key the latent vectors
// and the synonym table, and are handed to FTS5 as plain words.

const STOP = new Set(
	`a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves
	s t don shall may might must upon via per near onto among amid around across along toward towards within without
	show shows shown showing seen see sees saw one two three four five six seven eight nine ten
	many much several some something anything any every another used use using made make makes get got
	tell find found give gave look looking records record footage image images video videos material
	what's where's let's please happen happened happening happens take took taken set sets whom whose
	tell describe describing explain list give kind kinds sort type types
	newest latest recent recently oldest earliest`.split(/\s+/)
);

const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu;

/** Folds regular plurals and possessives so "convoys" and "convoy's" meet "convoy". */
export function normalise(word: string): string {
	let w = word.toLowerCase().replace(/'s$/, '').replace(/'/g, '');
	if (w.length > 4 && w.endsWith('ies')) w = w.slice(0, -3) + 'y';
	else if (w.length > 4 && /(ches|shes|sses|xes)$/.test(w)) w = w.slice(0, -2);
	else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
	return w;
}

// Word forms repeat endlessly in a template-written corpus; each is judged once. Bounded so a
// stream of odd words cannot grow it without limit.
const judged = new Map<string, string | null>();
const JUDGED_MAX = 200_000;

/** The term a word of a text stands for, or null for a stop word or a number. */
export function termOf(raw: string): string | null {
	let t = judged.get(raw);
	if (t !== undefined) return t;
	const lower = raw.toLowerCase();
	t = lower.length < 2 || STOP.has(lower) || /^\d+$/.test(lower) ? null : normalise(lower);
	if (t !== null && STOP.has(t)) t = null;
	if (judged.size >= JUDGED_MAX) judged.clear();
	judged.set(raw, t);
	return t;
}

/** The words of a text as written, in order: what termOf() judges. */
export function wordsOf(text: string): string[] {
	// match() with the global flag gives the words as strings: no match object per word.
	return text.match(WORD) ?? [];
}

/** Content terms of a text, in order, repeats kept. */
export function terms(text: string): string[] {
	const out: string[] = [];
	for (const word of wordsOf(text)) {
		const t = termOf(word);
		if (t !== null) out.push(t);
	}
	return out;
}

export const isStopWord = (word: string) => STOP.has(word.toLowerCase());
