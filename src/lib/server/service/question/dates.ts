// Dates in a question, against the clock of the request: chrono-node reads the calendar
// expressions ("March 2023", "last month", "past two weeks", "3 days ago"); what it leaves
// (bare years, "2019-2021", "since 2024", "before 2019", "between March and May 2023") is
// assembled here from its results and the years around them; parts of a year ("Q3 2022", "late
// 2021"), decades and a few spans are read in year-parts.ts. Every reading is a whole period: a
// year is 1 January to 31 December, a month its first to its last day.
import * as chrono from 'chrono-node';
import { otherSpans, partOfYear } from './year-parts';

export interface DateSpan {
	/** First day included (YYYY-MM-DD), or none for "before …". */
	from?: string;
	/** Last day included, or none for "since …". */
	to?: string;
	/** The words of the question it was read from, and where they are. */
	text: string;
	start: number;
	end: number;
	label: string;
}

type Granularity = 'year' | 'month' | 'day';
interface Atom {
	from: Date;
	to: Date;
	start: number;
	end: number;
	/** A month read without its year, which a following "… May 2023" can still give it. */
	yearless?: { month: number };
	/** Read as a range already ("March to May 2023", "2019-2021"). */
	range?: boolean;
}

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

function period(y: number, m: number, d: number, g: Granularity): { from: Date; to: Date } {
	if (g === 'year') return { from: utc(y, 1, 1), to: utc(y, 12, 31) };
	if (g === 'month') return { from: utc(y, m, 1), to: utc(y, m + 1, 0) };
	return { from: utc(y, m, d), to: utc(y, m, d) };
}

const RELATIVE_SPAN =
	/\b(past|last|previous|recent)\s+(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple of)?\s*(day|week|fortnight|month|year)s?\b/i;
const ANCHORED = /\b(ago|last|past|previous|this|next|yesterday|today|now|tonight)\b/i;
/** A lone month name is a date only after words like these ("a march in Khartoum" is not). */
const MONTH_CONTEXT = /\b(in|since|during|before|after|from|between|until|till|of|by)\s+$/i;
/** "2000 people" is a number, not a year. */
const COUNTED =
	/^\s+(people|persons|men|women|children|civilians|fighters|troops|soldiers|families|households|homes|houses|km|kilomet(er|re)s|met(er|re)s|miles|dead|killed|wounded|records|videos|images|tonnes|tons)\b/i;
const JOINER = /^\s*(to|until|till|through|thru|-|–|—)\s*$/i;
const ONWARDS = /^\s*(?:onwards?|and (?:after|later)|or later)\b/i;
/** "and" joins two dates into one period only after "between": "2022 and 2023" are two. */
const BETWEEN_JOINER = /^\s*and\s*$/i;

function chronoAtoms(text: string, now: Date): Atom[] {
	const today = utc(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate());
	const out: Atom[] = [];
	for (const r of chrono.parse(text, { instant: now, timezone: 0 })) {
		const s = r.start;
		const certain = (k: 'year' | 'month' | 'day') => s.isCertain(k);
		if (!certain('year') && !certain('month') && !certain('day')) continue;
		const at = { start: r.index, end: r.index + r.text.length };
		const relative = RELATIVE_SPAN.exec(r.text);
		// "past two weeks", "last 6 months", "last week": from then until today. "Last month" and
		// "last year" without a count are the calendar month and year before this one.
		if (relative && (relative[2] || /week|day|fortnight/i.test(relative[3]))) {
			out.push({ from: utc(s.get('year')!, s.get('month')!, s.get('day') ?? 1), to: today, ...at });
			continue;
		}
		if (!certain('year') && !ANCHORED.test(r.text) && !r.end?.isCertain('year')) {
			// A month without a year: only when it reads as a date, then the latest one not in the future.
			const monthWord = /^\p{Lu}/u.test(r.text) && (MONTH_CONTEXT.test(text.slice(0, r.index)) || certain('day'));
			if (!certain('month') || !monthWord) continue;
			const month = s.get('month')!;
			const year = month <= now.getUTCMonth() + 1 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
			const p = period(year, month, s.get('day') ?? 1, certain('day') ? 'day' : 'month');
			out.push({ ...p, ...at, yearless: certain('day') ? undefined : { month } });
			continue;
		}
		const g: Granularity = certain('day') ? 'day' : certain('month') ? 'month' : 'year';
		const p = period(s.get('year')!, s.get('month')!, s.get('day')!, g);
		if (r.end) {
			const e = r.end;
			const eg: Granularity = e.isCertain('day') ? 'day' : e.isCertain('month') ? 'month' : 'year';
			p.to = period(e.get('year')!, e.get('month')!, e.get('day')!, eg).to;
			if (!certain('year') && e.isCertain('year')) p.from = period(e.get('year')!, s.get('month')!, s.get('day')!, g).from;
		}
		out.push({ ...p, ...at, range: Boolean(r.end) });
	}
	return out;
}

/** Whether the words at [start, end) are already read as a date. */
const overlapsAny = (span: { start: number; end: number }, taken: Atom[]) => taken.some((t) => span.start < t.end && span.end > t.start);

function yearAtoms(text: string, taken: Atom[], now: Date): Atom[] {
	const out: Atom[] = [];
	const latest = now.getUTCFullYear() + 1;
	for (const m of text.matchAll(/\b(19[5-9]\d|20\d\d)(?:\s*[-–/]\s*(\d{2}|\d{4}))?\b/g)) {
		const start = m.index!;
		const end = start + m[0].length;
		if (overlapsAny({ start, end }, taken)) continue;
		if (COUNTED.test(text.slice(end))) continue;
		const y = Number(m[1]);
		if (y > latest) continue;
		let last = y;
		if (m[2]) {
			last = m[2].length === 2 ? Math.floor(y / 100) * 100 + Number(m[2]) : Number(m[2]);
			if (last < y || last > latest) continue;
		}
		out.push({ from: utc(y, 1, 1), to: utc(last, 12, 31), start, end, range: last !== y });
	}
	return out;
}

function label(from: Date | undefined, to: Date | undefined): string {
	if (from && to) {
		const [fy, fm, fd] = [from.getUTCFullYear(), from.getUTCMonth() + 1, from.getUTCDate()];
		const lastOfTo = new Date(to.getTime() + DAY).getUTCDate() === 1;
		const [ty, tm] = [to.getUTCFullYear(), to.getUTCMonth() + 1];
		const month = (d: Date) => d.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
		if (fd === 1 && lastOfTo) {
			if (fm === 1 && tm === 12) return fy === ty ? `${fy}` : `${fy}–${ty}`;
			if (fy === ty) return fm === tm ? `${month(from)} ${fy}` : `${month(from)}–${month(to)} ${fy}`;
			return `${month(from)} ${fy} – ${month(to)} ${ty}`;
		}
		return iso(from) === iso(to) ? iso(from) : `${iso(from)} to ${iso(to)}`;
	}
	const month = (d: Date) => d.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
	if (from) {
		if (from.getUTCDate() !== 1) return `since ${iso(from)}`;
		return from.getUTCMonth() === 0 ? `since ${from.getUTCFullYear()}` : `since ${month(from)} ${from.getUTCFullYear()}`;
	}
	const next = new Date(to!.getTime() + DAY);
	if (next.getUTCDate() !== 1) return `up to ${iso(to!)}`;
	return next.getUTCMonth() === 0 ? `up to ${to!.getUTCFullYear()}` : `up to ${month(to!)} ${to!.getUTCFullYear()}`;
}

/** A whole year read alone becomes the part of it that the words before it name ("Q3 2022"). */
function narrowToPartOfYear(text: string, a: Atom, notBefore: number): void {
	const year = a.from.getUTCFullYear();
	if (a.range || a.yearless || iso(a.from) !== `${year}-01-01` || iso(a.to) !== `${year}-12-31`) return;
	const part = partOfYear(text.slice(Math.max(notBefore, a.start - 40), a.start), year);
	if (!part) return;
	[a.from, a.to] = [part.from, part.to];
	a.start -= part.length;
}

/** The periods a question names, in the order it names them. */
export function readDates(text: string, now: Date): DateSpan[] {
	const fromChrono = chronoAtoms(text, now);
	const read = [...fromChrono, ...otherSpans(text, now).filter((s) => !overlapsAny(s, fromChrono))];
	const atoms = [...read, ...yearAtoms(text, read, now)].sort((a, b) => a.start - b.start);
	atoms.forEach((a, i) => narrowToPartOfYear(text, a, atoms[i - 1]?.end ?? 0));
	// "between March and May 2023", "2019 to 2021": two readings joined into one period.
	const merged: Atom[] = [];
	for (const a of atoms) {
		const prev = merged[merged.length - 1];
		const gap = text.slice(prev?.end ?? 0, a.start);
		if (prev && (JOINER.test(gap) || (BETWEEN_JOINER.test(gap) && /\bbetween\s+$/i.test(text.slice(0, prev.start))))) {
			if (prev.yearless) prev.from = utc(a.to.getUTCFullYear(), prev.yearless.month, 1);
			merged[merged.length - 1] = { from: prev.from, to: a.to, start: prev.start, end: a.end, range: true };
		} else merged.push({ ...a });
	}
	return merged
		.filter((a) => a.from <= a.to)
		.map((a) => {
			const before = text.slice(Math.max(0, a.start - 20), a.start);
			let from: Date | undefined = a.from;
			let to: Date | undefined = a.to;
			let start = a.start;
			let end = a.end;
			// "2021 onwards", "from 2021 onwards": open-ended. "Videos from 2021" are dated 2021.
			const onwards = a.range ? null : ONWARDS.exec(text.slice(a.end));
			if (onwards) [to, end] = [undefined, a.end + onwards[0].length];
			const lead = /\b(since|after|from|before|prior to|until|till|up to|between)\s+$/i.exec(before);
			if (lead) {
				const word = lead[1].toLowerCase();
				// "from 2021 to 2023" and "since 2015 until 2018" are ranges already.
				if (word === 'since' && !a.range) to = undefined;
				else if (word === 'after') [from, to] = [new Date(a.to.getTime() + DAY), undefined];
				else if (word === 'before' || word === 'prior to') [from, to] = [undefined, new Date(a.from.getTime() - DAY)];
				else if (word === 'until' || word === 'till' || word === 'up to') from = undefined;
				start -= lead[0].length;
			}
			return { from: from && iso(from), to: to && iso(to), text: text.slice(start, end), start, end, label: label(from, to) };
		});
}

/** One period covering all the named ones (the filter when a question names several). */
export function hull(spans: DateSpan[]): { from?: string; to?: string } {
	if (spans.length === 0) return {};
	const open = (k: 'from' | 'to') => spans.some((s) => s[k] === undefined);
	const froms = spans.map((s) => s.from).filter(Boolean) as string[];
	const tos = spans.map((s) => s.to).filter(Boolean) as string[];
	return { from: open('from') ? undefined : froms.sort()[0], to: open('to') ? undefined : tos.sort().at(-1) };
}
