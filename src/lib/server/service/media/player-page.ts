// HTML of the signed player page and of the refusal pages. Self-contained: inline CSS and JS,
// system fonts, no external resources, so a strict CSP holds and it works inside an iframe.
import { createHash } from 'node:crypto';
import type { DATASET_LABEL } from '../../../types/dataset';

export interface PlayerPage {
	label: (typeof DATASET_LABEL)[keyof typeof DATASET_LABEL];
	title: string;
	date: string;
	place: string;
	primaryId: number;
	posterSrc: string;
	audioSrc: string;
	captionsSrc: string;
	/** Seconds; known server-side so the scrubber works before the audio's metadata arrives. */
	duration: number;
	/** Unix seconds. */
	expires: number;
}

export type Refusal = 'expired' | 'invalid' | 'not_found' | 'error';

/**
 * Statuses of refused links. Expired is 410 Gone rather than 403: the signature checked out and
 * the link did work, so a client can tell "ask the service for a new link" (410) apart from
 * "this link never was valid" (403, tampered, truncated, wrong kind).
 */
export const REFUSAL_STATUS: Record<Refusal, number> = { expired: 410, invalid: 403, not_found: 404, error: 500 };

export function pageHeaders(kind: 'player' | 'refusal'): Record<string, string> {
	return {
		'content-type': 'text/html; charset=utf-8',
		'content-security-policy': kind === 'player' ? PLAYER_CSP : REFUSAL_CSP,
		'x-frame-options': 'SAMEORIGIN',
		'referrer-policy': 'no-referrer',
		'cache-control': 'private, no-store',
		'x-content-type-options': 'nosniff'
	};
}

export function escapeHtml(s: string): string {
	return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function clock(seconds: number): string {
	const s = Math.max(0, Math.round(seconds));
	return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const BASE_CSS = `
*{box-sizing:border-box}
html,body{margin:0;height:100%;background:#0d0f12;color:#e9e7e1;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.label{display:inline-block;padding:1px 7px;border-radius:3px;font-weight:700;font-size:12px;letter-spacing:.04em;color:#141008}
.label.ICD{background:#f2b22c}.label.ICDB{background:#46c4ce;color:#0a181c}
`;

const PLAYER_CSS = `
body{overflow:hidden}
.player{display:flex;flex-direction:column;height:100%}
header{padding:8px 12px 6px;display:grid;gap:2px;min-width:0}
h1{margin:0;font-size:15px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
h1 .label{margin-right:8px;vertical-align:1px}
.meta{color:#a9a69d;font-size:12px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.stage{position:relative;flex:1;min-height:0;background:#000;cursor:pointer;overflow:hidden}
.stage img{position:absolute;inset:0;width:100%;height:100%;object-fit:contain;user-select:none}
.caption{position:absolute;left:4%;right:4%;bottom:5%;text-align:center;pointer-events:none}
.caption span{display:inline-block;max-width:100%;padding:3px 10px;border-radius:3px;background:rgba(0,0,0,.72);color:#fff;
	font-size:clamp(13px,3.6vmin,22px);line-height:1.35;white-space:pre-line;text-shadow:0 1px 2px #000}
.caption:empty,.captions-off .caption{display:none}
.big{position:absolute;left:50%;top:50%;width:64px;height:64px;margin:-32px 0 0 -32px;border-radius:50%;border:0;
	background:rgba(13,15,18,.72);color:#fff;cursor:pointer;display:grid;place-items:center}
.playing .big{display:none}
.controls{display:flex;align-items:center;gap:10px;padding:6px 10px;background:#15181d;border-top:1px solid #23272e}
button{font:inherit;color:inherit}
.controls button{flex:none;width:34px;height:30px;border:0;border-radius:4px;background:transparent;cursor:pointer;display:grid;place-items:center}
.controls button:hover{background:#23272e}
button:focus-visible,input:focus-visible{outline:2px solid #f2b22c;outline-offset:1px}
.cc{font-size:11px;font-weight:700;letter-spacing:.03em}
.cc span{border:1.5px solid currentColor;border-radius:3px;padding:0 3px}
.cc[aria-pressed=false]{color:#75726b}
input[type=range]{flex:1;min-width:40px;accent-color:#f2b22c;margin:0}
.time{flex:none;font-variant-numeric:tabular-nums;font-size:12px;color:#c9c6bd;min-width:82px;text-align:right}
.notice{margin:0;padding:6px 12px;background:#3a1d1d;color:#f3d2cc;font-size:13px}
svg{width:18px;height:18px;fill:currentColor}
.icon-pause,.playing .icon-play{display:none}
.playing .icon-pause{display:block}
@media (max-height:260px){header{display:none}}
`;

// Captions come from the real <track>: mode 'hidden' loads its cues and fires cuechange without
// the browser drawing them, and the overlay shows the active cue over the poster like subtitles.
const PLAYER_JS = `
(() => {
	const root = document.querySelector('.player');
	const audio = document.querySelector('audio');
	const stage = document.querySelector('.stage');
	const toggle = document.querySelector('.toggle');
	const big = document.querySelector('.big');
	const cc = document.querySelector('.cc');
	const seek = document.querySelector('input[type=range]');
	const time = document.querySelector('.time');
	const caption = document.querySelector('.caption');
	const notice = document.querySelector('.notice');
	const expires = Number(root.dataset.expires);
	let duration = Number(root.dataset.duration);
	let dragging = false;

	const clock = (s) => { s = Math.max(0, Math.round(s || 0)); return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0'); };
	const showTime = () => {
		time.textContent = clock(audio.currentTime) + ' / ' + clock(duration);
		if (!dragging) seek.value = String(audio.currentTime);
		seek.setAttribute('aria-valuetext', clock(audio.currentTime) + ' of ' + clock(duration));
	};
	const setPlaying = (on) => {
		root.classList.toggle('playing', on);
		toggle.setAttribute('aria-label', on ? 'Pause' : 'Play');
	};
	const playPause = () => {
		if (audio.paused) audio.play().catch(() => {});
		else audio.pause();
	};
	const say = (text) => { notice.textContent = text; notice.hidden = false; };

	const track = audio.textTracks && audio.textTracks[0];
	if (track) {
		track.mode = 'hidden';
		track.addEventListener('cuechange', () => {
			const cues = track.activeCues ? Array.from(track.activeCues) : [];
			caption.textContent = '';
			if (cues.length === 0) return;
			const span = document.createElement('span');
			span.textContent = cues.map((c) => (c.getCueAsHTML ? c.getCueAsHTML().textContent : c.text)).join('\\n');
			caption.appendChild(span);
		});
	}

	toggle.addEventListener('click', playPause);
	big.addEventListener('click', (e) => { e.stopPropagation(); playPause(); });
	stage.addEventListener('click', playPause);
	cc.addEventListener('click', () => {
		const on = cc.getAttribute('aria-pressed') !== 'true';
		cc.setAttribute('aria-pressed', String(on));
		root.classList.toggle('captions-off', !on);
	});
	seek.addEventListener('input', () => { dragging = true; time.textContent = clock(Number(seek.value)) + ' / ' + clock(duration); });
	seek.addEventListener('change', () => { dragging = false; audio.currentTime = Number(seek.value); });
	audio.addEventListener('play', () => setPlaying(true));
	audio.addEventListener('pause', () => setPlaying(false));
	audio.addEventListener('ended', () => setPlaying(false));
	audio.addEventListener('timeupdate', showTime);
	audio.addEventListener('seeked', showTime);
	audio.addEventListener('loadedmetadata', () => {
		if (Number.isFinite(audio.duration) && audio.duration > 0) { duration = audio.duration; seek.max = String(duration); }
		showTime();
	});
	audio.addEventListener('error', () => {
		setPlaying(false);
		say(Date.now() / 1000 >= expires
			? 'This player link has expired; request a new one from the service.'
			: 'The audio could not be loaded. Reload the page or request a new link from the service.');
	});
	document.addEventListener('keydown', (e) => {
		if (e.altKey || e.ctrlKey || e.metaKey) return;
		const onSlider = e.target === seek;
		if (e.key === ' ' || e.key === 'k') { if (e.target instanceof HTMLButtonElement && e.key === ' ') return; e.preventDefault(); playPause(); }
		else if (e.key === 'c') cc.click();
		else if (!onSlider && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
			e.preventDefault();
			audio.currentTime = Math.min(duration, Math.max(0, audio.currentTime + (e.key === 'ArrowLeft' ? -5 : 5)));
		}
	});
	showTime();
})();
`;

// The player is framed by the explorer's record panel, on this same origin; no other site may
// frame it (clickjacking a page that plays a signed record is still showing that record). Its one
// inline script is allowed by its hash.
const PLAYER_CSP = [
	"default-src 'none'",
	"img-src 'self'",
	"media-src 'self'",
	"style-src 'unsafe-inline'",
	`script-src '${sha256(PLAYER_JS)}'`,
	"base-uri 'none'",
	"form-action 'none'",
	"frame-ancestors 'self'"
].join('; ');
const REFUSAL_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

function sha256(text: string): string {
	return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}

export function renderPlayerPage(p: PlayerPage): string {
	const e = escapeHtml;
	const meta = [p.date, p.place, `Video #${p.primaryId}`].filter(Boolean).map(e).join(' · ');
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${e(p.label)} · ${e(p.title)}</title>
<style>${BASE_CSS}${PLAYER_CSS}</style>
</head>
<body>
<main class="player" data-duration="${p.duration}" data-expires="${p.expires}">
	<header>
		<h1><span class="label ${e(p.label)}" title="Dataset">${e(p.label)}</span>${e(p.title)}</h1>
		<div class="meta">${meta}</div>
	</header>
	<div class="stage">
		<img src="${e(p.posterSrc)}" alt="Still from ${e(p.label)} video ${p.primaryId}: ${e(p.title)}" draggable="false">
		<div class="caption" aria-live="polite"></div>
		<button class="big" type="button" aria-label="Play" tabindex="-1"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M8 5v14l11-7z"/></svg></button>
	</div>
	<p class="notice" role="alert" hidden></p>
	<div class="controls">
		<button class="toggle" type="button" aria-label="Play">
			<svg class="icon-play" viewBox="0 0 24 24" aria-hidden="true"><path d="M8 5v14l11-7z"/></svg>
			<svg class="icon-pause" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 5h4v14H6zM14 5h4v14h-4z"/></svg>
		</button>
		<input type="range" min="0" max="${p.duration}" step="0.1" value="0" aria-label="Seek">
		<span class="time">0:00 / ${clock(p.duration)}</span>
		<button class="cc" type="button" aria-pressed="true" aria-label="Captions" title="Captions (c)"><span>CC</span></button>
	</div>
	<audio preload="metadata" src="${e(p.audioSrc)}">
		<track kind="captions" default srclang="en" label="Captions" src="${e(p.captionsSrc)}">
	</audio>
</main>
<script>${PLAYER_JS}</script>
</body>
</html>
`;
}

function refusalText(reason: Refusal, kind: 'player' | 'image'): { heading: string; body: string } {
	switch (reason) {
		case 'expired':
			return { heading: `This ${kind} link has expired; request a new one from the service.`, body: '' };
		case 'invalid':
			return { heading: 'This link is not valid', body: 'It may have been cut short or altered. Request a new link from the service.' };
		case 'not_found':
			return { heading: 'This record is no longer available', body: 'The link is genuine, but the record it points to is gone from this deployment.' };
		case 'error':
			return { heading: 'The media could not be produced', body: 'Try again in a moment, or request a new link from the service.' };
	}
}

export function renderRefusalPage(reason: Refusal, kind: 'player' | 'image'): string {
	const { heading, body } = refusalText(reason, kind);
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(heading)}</title>
<style>${BASE_CSS}
body{display:grid;place-items:center;padding:16px}
.card{max-width:440px;text-align:center}
h1{font-size:18px;margin:0 0 8px}
p{margin:0;color:#a9a69d}
</style>
</head>
<body>
<div class="card" role="alert">
	<h1>${escapeHtml(heading)}</h1>
	${body ? `<p>${escapeHtml(body)}</p>` : ''}
</div>
</body>
</html>
`;
}
