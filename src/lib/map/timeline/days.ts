// The map's dates: day numbers (days since 1970-01-01, as the stream, the filter and the timeline
// count them) and the ISO dates the URL, the panels and the table write.
/** Days since 1970-01-01 ↔ ISO date, in UTC. */
export function dayToIso(day: number): string {
	return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

export function isoToDay(iso: string): number {
	return Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
}
