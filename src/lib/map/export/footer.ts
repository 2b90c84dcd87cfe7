// The briefing's footer laid out for its width: the scale bar, then the legend's entries in rows
// (an entry that does not fit on a row starts the next, never cut), then the credits and the
// generation time, the credits broken between their parts when they do not fit on one line
// beside the time. The footer grows by a row for each: at 480 px wide a one-line footer had cut
// the legend to "olde…" and the credits to "d…". Pure (text widths come from `measure`), so that
// the PNG, the video and the tests lay it out alike.

/** Sizes in CSS pixels, as compose.ts draws them. */
export const FOOTER = {
	margin: 16,
	/** Baseline of the first legend row below the footer's top, and from one row to the next. */
	firstRow: 18,
	row: 18,
	/** From the last legend row's baseline to the first credits line's, and between credits lines. */
	toCredits: 20,
	creditLine: 15,
	/** Below the last line. */
	bottom: 8,
	/** Between the credits and the time when they share a line. */
	creditsGap: 32
} as const;

export interface FooterLayout {
	height: number;
	/** Each legend row: its entries' indices into the widths given, with their x. */
	rows: { index: number; x: number }[][];
	/** The credits' lines (parts joined by " · "), and whether the time has a line of its own (the last). */
	credits: string[];
	timeOwnLine: boolean;
	/** Baselines, from the footer's top: each legend row's, each credits line's, the time's. */
	rowBaselines: number[];
	creditBaselines: number[];
	timeBaseline: number;
}

/**
 * `widths`: each legend entry's advance (symbol, label and the gap after it). `start`: where the
 * first row's entries begin (after the scale bar). `measureCredit` measures a credits-sized text.
 */
export function layoutFooter(
	width: number,
	start: number,
	widths: number[],
	credits: string[],
	time: string,
	measureCredit: (text: string) => number
): FooterLayout {
	const right = width - FOOTER.margin;
	const rows: { index: number; x: number }[][] = [[]];
	let x = start;
	widths.forEach((w, index) => {
		// The trailing gap of an entry may overhang the margin; its symbol and label may not.
		const fits = x + w - FOOTER.margin <= right;
		if (!fits && rows[rows.length - 1].length > 0) {
			rows.push([]);
			x = FOOTER.margin;
		}
		rows[rows.length - 1].push({ index, x });
		x += w;
	});
	const rowBaselines = rows.map((_, i) => FOOTER.firstRow + i * FOOTER.row);

	const joined = credits.join(' · ');
	const room = width - 2 * FOOTER.margin;
	const oneLine = measureCredit(joined) + FOOTER.creditsGap + measureCredit(time) <= room;
	const lines = oneLine ? [joined] : breakCredits(credits, room, measureCredit);
	const first = rowBaselines[rowBaselines.length - 1] + FOOTER.toCredits;
	const creditBaselines = lines.map((_, i) => first + i * FOOTER.creditLine);
	const timeBaseline = oneLine ? first : first + lines.length * FOOTER.creditLine;
	return { height: timeBaseline + FOOTER.bottom, rows, credits: lines, timeOwnLine: !oneLine, rowBaselines, creditBaselines, timeBaseline };
}

/** The credits in as few lines of `room` as their parts allow (a part is never split). */
function breakCredits(parts: string[], room: number, measure: (text: string) => number): string[] {
	const lines: string[] = [];
	let line = '';
	for (const part of parts) {
		const candidate = line ? `${line} · ${part}` : part;
		if (line && measure(candidate) > room) {
			lines.push(line);
			line = part;
		} else line = candidate;
	}
	if (line) lines.push(line);
	return lines.length ? lines : [''];
}
