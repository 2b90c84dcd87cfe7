// What kind of answer a question asks for. Most questions ask for evidence ("what do the
// records show about …"); some ask for a figure over the whole dataset: how many (count), which
// most (rank), how it changed (trend), X against Y (compare). "What happened in X" asks for the
// latest activity first. Read from the wording, after places, names and dates are taken out.
import { terms } from '../nl/tokens';
import type { ReadPart, PartKind } from './read';
import { fold } from './text';

export type RankDimension = 'entity' | 'sub_entity' | 'country' | 'area' | 'year' | 'month' | 'component';
export type CompareDimension = 'country' | 'area' | 'town' | 'entity' | 'sub_entity' | 'date' | 'component';

export type Intent =
	| { kind: 'count' }
	| { kind: 'rank'; dimension: RankDimension; order: 'most' | 'least'; note?: string }
	| { kind: 'trend'; bucket?: 'year' | 'month' }
	| { kind: 'compare'; dimension: CompareDimension }
	/** What is new, where activity grew or fell: the emerging-hotspot test (genai/change-figures.ts). */
	| { kind: 'changes' }
	| { kind: 'recent' }
	| { kind: 'evidence' };

const TREND =
	/\b(trends?|chang(e|es|ed|ing)|evolv(e|ed|ing)|evolution|over time|over the (years|months)|increas(e|ed|ing)|decreas(e|ed|ing)|gr(o|e)w|growing|r(i|o)se|rising|f(a|e)ll|falling|declin(e|ed|ing)|year by year|month by month|(by|per|each|every) (year|month))\b/;
const COUNT = /\b(how many|how much|number of|count|total)\b/;
const CHANGES =
	/\b(what('s| is| was| has been)? new|new (activity|hotspots?|places?)|emerging|hotspots?|what (has |have )?changed|where (has|have|did|is|are|was|were)\b.*\b(gr[eo]wn?|growing|increas\w*|intensif\w*|ris(en|ing)|rose|spread\w*|surg\w*|expand\w*|shr[ua]nk|declin\w*|decreas\w*|fall(en|ing)?|fell|dropp\w*))\b/;
const COMPARE = /\b(vs|versus|compared?|comparison|comparing|against)\b/;
const RANK = /\b(most|least|top|biggest|largest|main|leading|busiest|fewest|rank|ranking)\b/;
const RECENT = /\b(what (has |have )?(happened|happens|is happening|went on|is going on)|latest|lately|recent(ly)?|news)\b/;

const DIMENSION_WORDS: [RegExp, RankDimension, string?][] = [
	[/\b(sub[- ]?entit(y|ies)|units?|battalions?|brigades?|companies|cells?|offices?|sub[- ]?groups?)\b/, 'sub_entity'],
	[/\b(countr(y|ies)|nations?)\b/, 'country'],
	[/\b(areas?|regions?|provinces?|states?|governorates?|districts?|admin(istrative)? areas?)\b/, 'area'],
	[/\b(towns?|cities|city|places?|locations?)\b/, 'area', 'Records name their admin-1 area, not their town: areas are ranked.'],
	[/\b(months?)\b/, 'month'],
	[/\b(years?)\b/, 'year'],
	[/\b(components?|videos or (images|photos)|media types?)\b/, 'component'],
	[/\b(organi[sz]ations?|groups?|armed groups?|militias?|actors?|entit(y|ies)|factions?|movements?|who|outlets?|parties)\b/, 'entity']
];

/** Words that say what kind of answer is wanted, or pad a follow-up, rather than what it is about. */
const SCAFFOLD = new Set(
	terms(`how many much number count total records record items entries there are is was were which what who most least top biggest largest main
	leading busiest fewest rank ranking active activity activities organisation organization group armed militia actor entity faction
	movement country nation area region province state governorate district town city place location month year compare compared
	comparison versus vs against trend change changed evolve evolution time increase decrease grow grew rise rose fall fell decline
	period event events incident incidents happened happen happening going on latest lately recent recently news only just also
	instead again about and more less fewer than between same please thanks now then ok okay what's how's there's tell show give
	unit units battalion battalions brigade brigades sub-entity component type per each every by over
	filmed film filming recorded published released posted uploaded documented captured photographed produced appear
	appeared mentioned data dataset database icd icdb collection material content media clip clips photo photos picture pictures
	imagery exist exists existed overall altogether new where grown growing emerging emerge emerged hotspot hotspots spread spreading
	surge surged intensify intensified intensifying expand expanded shrunk shrank dropped week weeks since changes changing`).concat(['sub'])
);

/** The words that say what the records are about, once intent words and padding are out. */
export const topicTerms = (rest: string): string[] => [...new Set(terms(rest).filter((t) => !SCAFFOLD.has(t)))];

/** Which kind of value the question names two or more of: what a comparison compares. */
function compared(parts: ReadPart[]): CompareDimension | null {
	const counts = new Map<CompareDimension, number>();
	// A part left out ("not Mali") is no side of a comparison.
	for (const p of parts.filter((x) => !x.excluded)) {
		const d: CompareDimension = p.kind === 'date' ? 'date' : (p.kind as Exclude<PartKind, 'date'>);
		counts.set(d, (counts.get(d) ?? 0) + 1);
	}
	const places = (counts.get('country') ?? 0) + (counts.get('area') ?? 0) + (counts.get('town') ?? 0);
	for (const d of ['entity', 'sub_entity', 'date', 'component'] as const) if ((counts.get(d) ?? 0) >= 2) return d;
	if (places >= 2) return [...counts].find(([k, n]) => ['country', 'area', 'town'].includes(k) && n >= 2)?.[0] ?? 'country';
	return null;
}

export function readIntent(question: string, rest: string, parts: ReadPart[]): Intent {
	const q = fold(question);
	const r = fold(rest);
	const twoOfAKind = compared(parts);
	if (twoOfAKind && (COMPARE.test(q) || /\bmore\b.*\bthan\b/.test(q) || (RANK.test(r) && /\b(or|and)\b/.test(q))))
		return { kind: 'compare', dimension: twoOfAKind };
	if (CHANGES.test(q)) return { kind: 'changes' };
	if (TREND.test(q)) return { kind: 'trend', bucket: /\bmonth/.test(r) ? 'month' : /\byear/.test(r) ? 'year' : undefined };
	if (RANK.test(r) && /\b(which|what|who|where|when|top|rank|ranking|list)\b/.test(q)) {
		const hit = DIMENSION_WORDS.find(([re]) => re.test(r));
		const kindAsked = hit?.[1] === 'entity' && /\b(armed groups?|militias?|relief|media outlets?|political)\b/.test(r);
		if (kindAsked)
			return {
				kind: 'rank',
				dimension: 'entity',
				order: /\b(least|fewest)\b/.test(r) ? 'least' : 'most',
				note: 'Records do not say what kind of organisation each one is: every organisation is ranked.'
			};
		return { kind: 'rank', dimension: hit?.[1] ?? 'entity', order: /\b(least|fewest)\b/.test(r) ? 'least' : 'most', ...(hit?.[2] ? { note: hit[2] } : {}) };
	}
	if (COUNT.test(q)) return twoOfAKind && /\b(and|or)\b/.test(q) ? { kind: 'compare', dimension: twoOfAKind } : { kind: 'count' };
	if (RECENT.test(q)) return { kind: 'recent' };
	return { kind: 'evidence' };
}

export const isAggregate = (i: Intent): i is Extract<Intent, { kind: 'count' | 'rank' | 'trend' | 'compare' | 'changes' }> =>
	i.kind === 'count' || i.kind === 'rank' || i.kind === 'trend' || i.kind === 'compare' || i.kind === 'changes';
