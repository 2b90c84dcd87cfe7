// Reading a question: which places, organisations, periods and components it names, and what
// is left to search as text. Shared by NL search, Domain GenAI, their MCP tools and, through
// the service's responses, the explorer.
import type { Sql } from '../../db/sql';
import type { Component, Dataset } from '../../../types/dataset';
import { readDates, type DateSpan } from './dates';
import { KIND_PRIORITY, lexicon, type NameEntry, type NameKind } from './lexicon';
import { isUpperCase, tokenize, writtenAsName, type Token } from './text';
import type { PartGroup } from './parts';

export { PART_GROUPS, type PartGroup } from './parts';
export type PartKind = NameKind | 'date' | 'component';

export const GROUP_OF: Record<PartKind, PartGroup> = {
	country: 'place',
	area: 'place',
	town: 'place',
	entity: 'organisation',
	sub_entity: 'organisation',
	date: 'date',
	component: 'component'
};

export interface ReadPart {
	kind: PartKind;
	/** The words of the question, as written. */
	text: string;
	start: number;
	end: number;
	label: string;
	name?: NameEntry;
	date?: DateSpan;
	component?: Component;
	/** Carried over from an earlier question of the conversation. */
	inherited?: boolean;
	/** Named to be left out: "outside Sudan", "not videos", "except 2020". */
	excluded?: boolean;
}

export interface Reading {
	question: string;
	parts: ReadPart[];
	/** The question with the recognised parts taken out: what is searched as text. */
	rest: string;
}

const COMPONENT_WORDS: Record<string, Component> = {
	video: 'video',
	videos: 'video',
	footage: 'video',
	clip: 'video',
	clips: 'video',
	film: 'video',
	films: 'video',
	image: 'image',
	images: 'image',
	photo: 'image',
	photos: 'image',
	photograph: 'image',
	photographs: 'image',
	picture: 'image',
	pictures: 'image',
	imagery: 'image'
};

/** Words that put what follows on the map: "in", "near", "from" Kharkiv. */
const LOCATIVE = new Set(['in', 'near', 'around', 'at', 'from', 'outside', 'across', 'inside', 'within', 'throughout', 'toward', 'towards', 'into']);

function acceptable(entry: NameEntry, question: string, tokens: Token[], i: number, n: number): boolean {
	// A town the data has no record of empties the answer: only when the question places something
	// there ("statements by Jackson" names a person, "protests in Jackson" a town).
	if (entry.absent && entry.kind === 'town' && !(i > 0 && LOCATIVE.has(tokens[i - 1].norm))) return false;
	if (entry.acronym) return tokens.slice(i, i + n).every((t) => isUpperCase(t.raw));
	if (!entry.asNameOnly) return true;
	if (n === 1) return writtenAsName(question, tokens, i);
	return tokens.slice(i, i + n).every((t) => /^\p{Lu}/u.test(t.raw));
}

/**
 * Of the things one name can be, the likeliest: by kind, then by how often the data has it.
 * "near Kabale" means the town when there is one (an area is not near itself).
 */
function choose(entries: NameEntry[], afterNear: boolean): NameEntry {
	const town = afterNear ? entries.find((e) => e.kind === 'town') : undefined;
	if (town && !entries.some((e) => e.kind === 'country')) return town;
	return [...entries].sort((a, b) => KIND_PRIORITY.indexOf(a.kind) - KIND_PRIORITY.indexOf(b.kind) || b.weight - a.weight)[0];
}

function labelOf(e: NameEntry): string {
	if (e.kind === 'area') return `${e.value}, ${e.country}`;
	if (e.kind === 'town') return `near ${e.value}, ${e.country}`;
	return e.value;
}

export async function readQuestion(sql: Sql, dataset: Dataset, question: string, now: Date): Promise<Reading> {
	const parts: ReadPart[] = [];
	const dates = readDates(question, now);
	for (const d of dates) parts.push({ kind: 'date', text: d.text, start: d.start, end: d.end, label: d.label, date: d });
	const inDate = (t: Token) => dates.some((d) => t.start < d.end && t.end > d.start);

	const lex = await lexicon(sql, dataset);
	const tokens = tokenize(question);
	for (let i = 0; i < tokens.length;) {
		if (inDate(tokens[i])) {
			i++;
			continue;
		}
		let matched = 0;
		for (let n = Math.min(lex.maxWords, tokens.length - i); n >= 1 && !matched; n--) {
			const span = tokens.slice(i, i + n);
			if (span.some(inDate)) continue;
			const entries = lex.names.get(span.map((t) => t.norm).join(' '))?.filter((e) => acceptable(e, question, tokens, i, n));
			if (!entries?.length) continue;
			const name = choose(entries, i > 0 && /^(near|around)$/.test(tokens[i - 1].norm));
			const [start, end] = [span[0].start, span[n - 1].end];
			parts.push({ kind: name.kind, text: question.slice(start, end), start, end, label: labelOf(name), name });
			matched = n;
		}
		if (matched) {
			i += matched;
			continue;
		}
		const component = COMPONENT_WORDS[tokens[i].norm];
		if (component) parts.push({ kind: 'component', text: tokens[i].raw, start: tokens[i].start, end: tokens[i].end, label: `${component}s`, component });
		i++;
	}
	for (const p of parts) markExclusion(question, p);
	// "videos and photos" names both components: no filter; "videos, not photos" one.
	const named = parts.filter((p) => p.kind === 'component');
	const wanted = new Set(named.filter((p) => !p.excluded).map((p) => p.component));
	const unwanted = new Set(named.filter((p) => p.excluded).map((p) => p.component));
	const left = wanted.size ? [...wanted].filter((c) => !unwanted.has(c)) : (['video', 'image'] as const).filter((c) => !unwanted.has(c));
	const kept = left.length === 1 ? parts : parts.filter((p) => p.kind !== 'component');
	kept.sort((a, b) => a.start - b.start);
	return { question, parts: dedupe(kept), rest: cut(question, kept) };
}

/**
 * Words that leave out what follows: "convoys outside Sudan", "everything except 2020", "not
 * videos", "not counting Lantern Relief Corps". Read as a filter the other way round before (only Sudan, only 2020): the answer was
 * the opposite of the question.
 */
const EXCLUDING =
	/\b(?:not(?:\s+(?:counting|including))?|leaving\s+out|outside(?:\s+of)?|except(?:\s+for)?|excluding|other\s+than|apart\s+from|but\s+not|without)(?:\s+(?:in|from|by|during|near|around))?\s+(?:the\s+)?$/i;

function markExclusion(question: string, p: ReadPart): void {
	const m = EXCLUDING.exec(question.slice(Math.max(0, p.start - 30), p.start));
	if (!m) return;
	// "camps outside Khartoum" are on its edge, not anywhere but there: only a country is left out so.
	if (/^outside\b/i.test(m[0]) && p.kind !== 'country') return;
	p.excluded = true;
	p.start -= m[0].length;
	p.text = question.slice(p.start, p.end);
	p.label = `not ${p.label}`;
}

/** One part per thing named: "Sudan … Sudanese" is one country. */
function dedupe(parts: ReadPart[]): ReadPart[] {
	const seen = new Set<string>();
	return parts.filter((p) => {
		const key =
			(p.excluded ? 'not ' : '') + (p.kind === 'date' ? `date:${p.start}` : p.kind === 'component' ? `component:${p.component}` : `${p.kind}:${p.name!.value}`);
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}

/** Words that only tie a recognised part to the sentence ("in Sudan", "near Kassala", "since 2024"): cut with it. */
const CONNECTOR_BEFORE = /(?:^|\s)(?:in|near|around|at|from|during|since|across|within|inside|throughout|and|or)\s*$/i;

function cut(question: string, parts: ReadPart[]): string {
	let out = '';
	let at = 0;
	for (const p of parts) {
		if (p.kind === 'component') continue;
		out += question.slice(at, p.start).replace(CONNECTOR_BEFORE, ' ') + ' ';
		at = Math.max(at, p.end);
	}
	return (out + question.slice(at)).replace(/\s+/g, ' ').trim();
}
