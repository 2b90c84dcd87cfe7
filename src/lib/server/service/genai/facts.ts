// Facts aggregated over the sources, each with the citations that support it: how many, where,
// when, who, and the trend over the years they cover.
import type { Evidence } from './evidence';

export interface Group {
	value: string;
	citations: number[];
}

export const cite = (citations: number[], max = 3) =>
	citations
		.slice(0, max)
		.map((n) => `[${n}]`)
		.join('');

/** Values by how many sources carry them, most first; ties by first citation. */
export function groupBy(evidence: Evidence[], value: (e: Evidence) => string | null): Group[] {
	const groups = new Map<string, number[]>();
	for (const e of evidence) {
		const v = value(e);
		if (!v) continue;
		const list = groups.get(v) ?? [];
		list.push(e.citation);
		groups.set(v, list);
	}
	return [...groups]
		.map(([v, citations]) => ({ value: v, citations }))
		.sort((a, b) => b.citations.length - a.citations.length || a.citations[0] - b.citations[0]);
}

const records = (n: number) => `${n} record${n === 1 ? '' : 's'}`;

export function listGroups(groups: Group[], max = 3): string {
	const parts = groups.slice(0, max).map((g) => `${g.value} (${records(g.citations.length)} ${cite(g.citations)})`);
	if (parts.length <= 1) return parts.join('');
	return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** A sentence on the yearly counts, or null when the sources cover a single year. */
export function trend(evidence: Evidence[]): string | null {
	const years = groupBy(evidence, (e) => e.record.primary_date.slice(0, 4)).sort((a, b) => a.value.localeCompare(b.value));
	if (years.length < 2) return null;
	const counts = years.map((y) => `${y.value}: ${y.citations.length} ${cite(y.citations, 2)}`).join('; ');
	const half = Math.floor(years.length / 2);
	const early = years.slice(0, half).reduce((s, y) => s + y.citations.length, 0) / half;
	const late = years.slice(years.length - half).reduce((s, y) => s + y.citations.length, 0) / half;
	// Said of the sources and their own years, never of "recent" times: sources from 2014–2017
	// are not recent however they are spread.
	const span = `${years[0].value}–${years[years.length - 1].value}`;
	const direction =
		late > early * 1.25
			? `more of them fall in the later years of ${span}`
			: early > late * 1.25
				? `more of them fall in the earlier years of ${span}`
				: `they are spread fairly evenly over ${span}`;
	return `These sources by year: ${counts}; ${direction}.`;
}
