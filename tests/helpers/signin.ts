// Signing in to an explorer in sign-in mode over HTTP, as a browser's form post would, and reading
// its record stream under the session.
import { readRecordStream, recordRef } from '../../src/lib/stream/decode';
import { COMPONENT_CODES, DATASET_CODES, type ControlMessage } from '../../src/lib/types/stream';

export interface SignInAnswer {
	status: number;
	location: string | null;
	/** "name=value" of the session cookie set, for a Cookie header; null when none was set. */
	cookie: string | null;
	/** Every Set-Cookie line, attributes included. */
	setCookies: string[];
	body: string;
}

/** POSTs the sign-in form (same origin, as the page sends it); the redirect is not followed. */
export async function signIn(url: string, key: string, options: { next?: string; headers?: Record<string, string> } = {}): Promise<SignInAnswer> {
	const form = new URLSearchParams({ key, next: options.next ?? '/' });
	const r = await fetch(`${url}/signin`, {
		method: 'POST',
		redirect: 'manual',
		headers: { accept: 'text/html', origin: url, 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
		body: form
	});
	return answer(r);
}

export async function answer(r: Response): Promise<SignInAnswer> {
	const setCookies = r.headers.getSetCookie();
	const session = setCookies.find((c) => /^(__Host-)?icd_session=[^;]/.test(c));
	return { status: r.status, location: r.headers.get('location'), cookie: session ? session.split(';')[0] : null, setCookies, body: await r.text() };
}

/** A GET with the session cookie, as the page's own fetches send it. */
export function withSession(url: string, cookie: string, init: RequestInit = {}): Promise<Response> {
	const headers = new Headers(init.headers);
	headers.set('cookie', cookie);
	return fetch(url, { ...init, headers, redirect: 'manual' });
}

/** The records of /api/stream under a session: counts per part, the control messages, and the refs the page would open records by. */
export async function streamUnder(
	url: string,
	cookie: string
): Promise<{ parts: Map<string, number>; controls: ControlMessage[]; total: number; refs: Map<string, string[]> }> {
	const r = await withSession(`${url}/api/stream`, cookie);
	if (r.status !== 200) throw new Error(`stream answered ${r.status}: ${await r.text()}`);
	const parts = new Map<string, number>();
	const controls: ControlMessage[] = [];
	const refs = new Map<string, string[]>();
	let total = 0;
	for await (const event of readRecordStream(r.body!)) {
		if (event.type === 'control') {
			controls.push(event.message);
			continue;
		}
		const b = event.batch;
		const part = `${DATASET_CODES[b.dataset]}/${COMPONENT_CODES[b.component]}`;
		if (!refs.has(part)) refs.set(part, []);
		for (let i = 0; i < b.length; i++) refs.get(part)!.push(recordRef(b, i));
		total += b.length;
	}
	for (const m of controls) if (m.type === 'part-done') parts.set(m.part, m.received);
	return { parts, controls, total, refs };
}
