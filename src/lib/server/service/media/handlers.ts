// Request handlers behind the /media routes. The token is the authorization: each handler
// verifies it, checks it was minted for this kind of resource, loads the record and answers.
// Nothing here throws to the framework; an unexpected failure is a plain 500 page.
import { createHash } from 'node:crypto';
import type { ReadDeps } from '../deps';
import { DATASET_LABEL } from '../../../types/dataset';
import { buildVtt, buildWav, clipTimeline, type Clip } from './audio';
import { imageEtag, placeOf, renderImage, seedOf, type MediaRecord } from './image';
import { verifyMediaToken, type MediaClaims, type MediaKind } from './links';
import { Lru } from './lru';
import { pageHeaders, REFUSAL_STATUS, renderPlayerPage, renderRefusalPage, type Refusal } from './player-page';
import { findMediaRecord, mediaSecret } from './store';

export type MediaDeps = Pick<ReadDeps, 'sql' | 'now'>;

interface Admitted {
	claims: MediaClaims;
	record: MediaRecord;
	/** Seconds the link has left; the bound for every cache lifetime. */
	remaining: number;
}

const AUDIO_VERSION = 1;
// A 2-minute clip is ~2 MB at 8 kHz; the bound covers a few dozen recent players.
const wavCache = new Lru<Buffer>(32, 64 * 1024 * 1024, (b) => b.length);

const COMMON = { 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' };

function refuse(reason: Refusal, kind: MediaKind): Response {
	return new Response(renderRefusalPage(reason, kind), { status: REFUSAL_STATUS[reason], headers: pageHeaders('refusal') });
}

async function admit(deps: MediaDeps, token: string, kind: MediaKind): Promise<Admitted | Response> {
	const nowSeconds = Math.floor(deps.now() / 1000);
	const verdict = verifyMediaToken(await mediaSecret(deps.sql), token, nowSeconds);
	if (!verdict.ok) return refuse(verdict.reason === 'expired' ? 'expired' : 'invalid', kind);
	const { claims } = verdict;
	// A genuine token for the other kind of resource is still not a key to this one.
	if (claims.kind !== kind || (kind === 'player' && claims.component !== 'video')) return refuse('invalid', kind);
	const record = await findMediaRecord(deps.sql, claims.dataset, claims.component, claims.uuid);
	if (!record) return refuse('not_found', kind);
	return { claims, record, remaining: claims.exp - nowSeconds };
}

async function guarded(kind: MediaKind, run: () => Promise<Response>): Promise<Response> {
	try {
		return await run();
	} catch (error) {
		console.error(`[media] failed to serve a ${kind} resource:`, error);
		return refuse('error', kind);
	}
}

function bytes(buf: Buffer): BodyInit {
	return buf as unknown as BodyInit;
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
	if (!ifNoneMatch) return false;
	return ifNoneMatch.split(',').some((t) => {
		const tag = t.trim();
		return tag === '*' || tag.replace(/^W\//, '') === etag;
	});
}

function cacheable(a: Admitted, etag: string, contentType: string): Record<string, string> {
	return { ...COMMON, 'content-type': contentType, 'cache-control': `private, max-age=${a.remaining}`, etag };
}

function notModified(headers: Record<string, string>): Response {
	const h = new Headers(headers);
	h.delete('content-type');
	return new Response(null, { status: 304, headers: h });
}

/** Whole body, or one byte range of it (RFC 9110 §14): what lets an <audio> element seek. */
export function rangeResponse(body: Buffer, request: Request, headers: Record<string, string>): Response {
	const size = body.length;
	const full = () => new Response(bytes(body), { status: 200, headers: { ...headers, 'accept-ranges': 'bytes', 'content-length': String(size) } });
	const range = request.headers.get('range');
	if (!range) return full();
	// If-Range with a different validator: the client's partial copy is stale, send everything.
	const ifRange = request.headers.get('if-range');
	if (ifRange && ifRange.trim() !== headers.etag) return full();
	const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(range);
	// Multiple ranges and syntax we do not parse are ignored, as the RFC allows.
	if (!m || (m[1] === '' && m[2] === '')) return full();
	let start: number;
	let end: number;
	if (m[1] === '') {
		const suffix = Number(m[2]);
		start = Math.max(0, size - suffix);
		end = size - 1;
		if (suffix === 0) start = size;
	} else {
		start = Number(m[1]);
		end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
		if (m[2] !== '' && Number(m[2]) < start) return full();
	}
	if (start >= size) {
		return new Response(null, { status: 416, headers: { ...headers, 'accept-ranges': 'bytes', 'content-range': `bytes */${size}` } });
	}
	return new Response(bytes(body.subarray(start, end + 1)), {
		status: 206,
		headers: {
			...headers,
			'accept-ranges': 'bytes',
			'content-range': `bytes ${start}-${end}/${size}`,
			'content-length': String(end - start + 1)
		}
	});
}

function audioEtag(r: MediaRecord, what: 'wav' | 'vtt'): string {
	const h = createHash('sha256').update(`${AUDIO_VERSION}\u0000${what}\u0000${r.uuid}\u0000${r.primary_id}\u0000${r.transcript ?? ''}`);
	return `"a${AUDIO_VERSION}-${h.digest('base64url').slice(0, 27)}"`;
}

function clipOf(r: MediaRecord): Clip {
	return clipTimeline(r.transcript);
}

/** Sub-resources sit under the page's own path: /media/player/<token>/audio.wav. */
function subPath(pathname: string, name: string): string {
	return `${pathname.replace(/\/+$/, '')}/${name}`;
}

export function playerPage(deps: MediaDeps, token: string, pathname: string): Promise<Response> {
	return guarded('player', async () => {
		const a = await admit(deps, token, 'player');
		if (a instanceof Response) return a;
		const r = a.record;
		const html = renderPlayerPage({
			label: DATASET_LABEL[r.dataset],
			title: r.title?.trim() || 'Untitled video',
			date: r.primary_date,
			place: placeOf(r),
			primaryId: r.primary_id,
			posterSrc: subPath(pathname, 'poster.png'),
			audioSrc: subPath(pathname, 'audio.wav'),
			captionsSrc: subPath(pathname, 'captions.vtt'),
			duration: clipOf(r).duration,
			expires: a.claims.exp
		});
		return new Response(html, { status: 200, headers: pageHeaders('player') });
	});
}

export function playerAudio(deps: MediaDeps, token: string, request: Request): Promise<Response> {
	return guarded('player', async () => {
		const a = await admit(deps, token, 'player');
		if (a instanceof Response) return a;
		const etag = audioEtag(a.record, 'wav');
		const headers = cacheable(a, etag, 'audio/wav');
		if (matches(request.headers.get('if-none-match'), etag)) return notModified(headers);
		const wav = wavCache.through(etag, () => buildWav(clipOf(a.record), seedOf(a.record.uuid)));
		return rangeResponse(wav, request, headers);
	});
}

export function playerCaptions(deps: MediaDeps, token: string, request: Request): Promise<Response> {
	return guarded('player', async () => {
		const a = await admit(deps, token, 'player');
		if (a instanceof Response) return a;
		const etag = audioEtag(a.record, 'vtt');
		const headers = cacheable(a, etag, 'text/vtt; charset=utf-8');
		if (matches(request.headers.get('if-none-match'), etag)) return notModified(headers);
		const note = `${DATASET_LABEL[a.record.dataset]} video #${a.record.primary_id}. Captions from the transcript; cue timing follows word count.`;
		return new Response(buildVtt(clipOf(a.record), note), { status: 200, headers });
	});
}

export function playerPoster(deps: MediaDeps, token: string, request: Request): Promise<Response> {
	return guarded('player', async () => {
		const a = await admit(deps, token, 'player');
		if (a instanceof Response) return a;
		return png(a, 'poster', request);
	});
}

/** /media/image/<token>.png */
export function signedImage(deps: MediaDeps, file: string, request: Request): Promise<Response> {
	return guarded('image', async () => {
		if (!file.endsWith('.png')) return refuse('invalid', 'image');
		const a = await admit(deps, file.slice(0, -'.png'.length), 'image');
		if (a instanceof Response) return a;
		return png(a, 'still', request);
	});
}

function png(a: Admitted, variant: 'still' | 'poster', request: Request): Response {
	const etag = imageEtag(a.record, variant);
	const headers = {
		...cacheable(a, etag, 'image/png'),
		// Lets the explorer draw the picture into a canvas (briefing export) without tainting it;
		// the URL itself is the credential, so this discloses nothing a fetch would not.
		'access-control-allow-origin': '*'
	};
	if (matches(request.headers.get('if-none-match'), etag)) return notModified(headers);
	const { png } = renderImage(a.record, variant);
	return new Response(bytes(png), { status: 200, headers: { ...headers, 'content-length': String(png.length) } });
}
