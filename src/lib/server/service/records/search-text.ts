// The search grammar of structured search, read from any printable text: "quoted words" are a
// phrase, -word (or -"a phrase") excludes, word* is a prefix, a hyphen inside a word (al-Qasr,
// 2016-05) joins its parts into a phrase, and every other character separates words. The FTS5
// expression is built from the tokens, each one quoted, so no input is ever FTS5 syntax: nothing
// typed can be a syntax error or change the query's shape.

export interface SearchTerm {
	/** Lower-case words, in order; more than one is a phrase. */
	words: string[];
	/** The last word is a prefix. */
	prefix: boolean;
}

export interface ParsedSearch {
	include: SearchTerm[];
	exclude: SearchTerm[];
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** A word or hyphen-joined words, and a trailing * (prefix). */
const PIECE = /([\p{L}\p{N}\p{M}]+(?:-[\p{L}\p{N}\p{M}]+)*)(\**)/gu;

/** Splits text into terms; an unclosed quote runs to the end of the text. */
export function parseSearch(text: string): ParsedSearch {
	const parsed: ParsedSearch = { include: [], exclude: [] };
	let i = 0;
	while (i < text.length) {
		const c = text[i];
		if (/\s/u.test(c)) {
			i++;
			continue;
		}
		const negated = c === '-' && i + 1 < text.length && !/\s/u.test(text[i + 1]);
		const start = negated ? i + 1 : i;
		const into = negated ? parsed.exclude : parsed.include;
		if (text[start] === '"') {
			const close = text.indexOf('"', start + 1);
			const end = close === -1 ? text.length : close;
			const prefix = close !== -1 && text[close + 1] === '*';
			const term = termOf(text.slice(start + 1, end), prefix);
			if (term) into.push(term);
			i = close === -1 ? text.length : close + (prefix ? 2 : 1);
		} else {
			let end = start;
			while (end < text.length && !/\s/u.test(text[end]) && text[end] !== '"') end++;
			// Within a run of text, hyphen-joined words are one phrase; other punctuation separates.
			for (const piece of text.slice(start, end).matchAll(PIECE)) into.push(termOf(piece[1], piece[2] !== '')!);
			i = Math.max(end, start + 1);
		}
	}
	return parsed;
}

function termOf(text: string, prefix: boolean): SearchTerm | null {
	const words = text.toLowerCase().match(WORD);
	return words ? { words, prefix } : null;
}

function ftsTerm(t: SearchTerm): string {
	return `"${t.words.join(' ')}"${t.prefix ? '*' : ''}`;
}

/**
 * The FTS5 MATCH expression: every included term, none of the excluded ones. Null when there is
 * nothing to look for (no letter or digit, or exclusions only).
 */
export function ftsExpression(search: string): string | null {
	const { include, exclude } = parseSearch(search);
	if (include.length === 0) return null;
	const all = include.map(ftsTerm).join(' ');
	return exclude.length === 0 ? all : `(${all})` + exclude.map((t) => ` NOT ${ftsTerm(t)}`).join('');
}
