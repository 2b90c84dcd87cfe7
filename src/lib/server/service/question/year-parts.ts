// Periods a question names that chrono-node does not read, or reads as something wider:
//   parts of a year  "the first half of 2023", "H1 2023", "Q3 2022", "the second quarter of 2023",
//                    "early / mid / late 2021", "the start / middle / end of 2022", "spring 2024"
//   decades          "the 2010s", "1990s"
//   relative spans   "this week", "the past decade"
// Before, "Q3 2022" or "late 2021" was read as the whole year: an answer about a period the
// question did not name, with a chip that looked right. Seasons are the meteorological ones of the
// northern hemisphere (spring March–May … winter December–February, the winter of 2022 ending in
// February 2022); the label shows the months, so the reading is visible and removable.

/** Months of a year (1–12), the first possibly in the year before (winter). */
interface Months {
	from: [yearDelta: number, month: number];
	to: [yearDelta: number, month: number];
}

const months = (from: number, to: number, fromYearDelta = 0): Months => ({ from: [fromYearDelta, from], to: [0, to] });

const ORDINAL: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: 4, final: 4, latter: 2 };
const quarter = (q: number) => months(3 * q - 2, 3 * q);
const half = (h: number) => months(6 * h - 5, 6 * h);
const SEASONS: Record<string, Months> = { spring: months(3, 5), summer: months(6, 8), autumn: months(9, 11), fall: months(9, 11), winter: months(12, 2, -1) };
const THIRDS: Record<string, Months> = { early: months(1, 4), mid: months(5, 8), late: months(9, 12) };
const EDGES: Record<string, Months> = { start: quarter(1), beginning: quarter(1), middle: months(5, 8), end: quarter(4) };

/** Each pattern ends where the year begins; the words it matched become part of the period's text. */
const QUALIFIERS: { pattern: RegExp; months: (m: RegExpExecArray) => Months | undefined }[] = [
	{ pattern: /\b(?:the\s+)?(first|1st|second|2nd|latter)\s+half\s+of\s+$/i, months: (m) => half(ORDINAL[m[1].toLowerCase()]) },
	{ pattern: /\bH([12])\s+$/, months: (m) => half(Number(m[1])) },
	{ pattern: /\b(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|last|final)\s+quarter\s+of\s+$/i, months: (m) => quarter(ORDINAL[m[1].toLowerCase()]) },
	{ pattern: /\bQ([1-4])\s+$/i, months: (m) => quarter(Number(m[1])) },
	{ pattern: /\b(early|mid|late)(?:\s+|\s*-\s*)$/i, months: (m) => THIRDS[m[1].toLowerCase()] },
	{ pattern: /\b(?:the\s+)?(start|beginning|middle|end)\s+of\s+$/i, months: (m) => EDGES[m[1].toLowerCase()] },
	// After a word that puts a time there, or first: "Arab Spring 2011" names an event, not March–May.
	{
		pattern:
			/(?<=(?:^|\b(?:in|during|of|since|until|till|before|after|by|from|between|and|to|through|over|last|this)\s+))(?:the\s+)?(spring|summer|autumn|fall|winter)\s+(?:of\s+)?$/i,
		months: (m) => SEASONS[m[1].toLowerCase()]
	}
];

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

/**
 * The part of `year` named by the words just before it (`before` ends where the year's text
 * starts): its first and last day, and how many characters of `before` name it. Null when the
 * words before name no part.
 */
export function partOfYear(before: string, year: number): { from: Date; to: Date; length: number } | null {
	for (const q of QUALIFIERS) {
		const m = q.pattern.exec(before);
		const part = m && q.months(m);
		if (!m || !part) continue;
		return { from: utc(year + part.from[0], part.from[1], 1), to: utc(year + part.to[0], part.to[1] + 1, 0), length: m[0].length };
	}
	return null;
}

export interface Span {
	from: Date;
	to: Date;
	start: number;
	end: number;
}

/** Decades ("the 2010s"), "this week" and "the past decade", against the request's clock. */
export function otherSpans(text: string, now: Date): Span[] {
	const today = utc(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate());
	const out: Span[] = [];
	// Four digits only: "in their 90s" is an age.
	for (const m of text.matchAll(/\b(?:the\s+)?(19[5-9]0|20[0-9]0)s\b/gi)) {
		const first = Number(m[1]);
		if (first > now.getUTCFullYear()) continue;
		out.push({ from: utc(first, 1, 1), to: utc(first + 9, 12, 31), start: m.index!, end: m.index! + m[0].length });
	}
	for (const m of text.matchAll(/\bthis\s+week\b/gi)) {
		// Weeks start on Monday (ISO 8601).
		const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
		out.push({ from: monday, to: today, start: m.index!, end: m.index! + m[0].length });
	}
	for (const m of text.matchAll(/\b(?:the\s+)?(?:past|last|previous)\s+decade\b/gi)) {
		const from = utc(today.getUTCFullYear() - 10, today.getUTCMonth() + 1, today.getUTCDate());
		out.push({ from, to: today, start: m.index!, end: m.index! + m[0].length });
	}
	return out;
}
