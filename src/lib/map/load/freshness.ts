// What the map says of how current its records are (the header's progress line, once loaded).
import type { Freshness } from '../worker/protocol';

/** "up to date at 14:02", with what came from the page's own copy; the full dates in `title`. */
export function describeFreshness(f: Freshness, now: number): { text: string; title: string } {
	const at = clock(f.checkedAt, now);
	const news = f.copy && f.added > 0 ? ` · ${f.added.toLocaleString('en')} new since ${clock(f.copy.checkedAt, now)}` : '';
	const title = f.copy
		? `${f.copy.records.toLocaleString('en')} records came from this browser's copy of ${new Date(f.copy.checkedAt).toLocaleString('en-GB')}, and ${f.added.toLocaleString('en')} new ones from the service, checked at ${new Date(f.checkedAt).toLocaleString('en-GB')}.`
		: `Every record came from the service, checked at ${new Date(f.checkedAt).toLocaleString('en-GB')}.`;
	return { text: `up to date at ${at}${news}`, title };
}

/** 14:02 today, "27 Nov 14:02" another day. */
function clock(ms: number, now: number): string {
	const date = new Date(ms);
	const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
	return date.toDateString() === new Date(now).toDateString() ? time : `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}
