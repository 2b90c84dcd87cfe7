// npm run brief -- --out brief.png [--view "<explorer URL or its state>"] [--size 1920x1080]
//                  [--scale 1|2] [--title "…"] [--theme light|dark] [--changes 7|14|28] [--timeout S] [--key-file FILE|-]
// npm run brief -- --video playback.webm|.mp4 [--duration S] [--fps N] [same options, no --scale]
// A briefing image without clicking: starts the app if none answers at the view's address, opens
// the view in headless Chromium, waits until every record is drawn, and writes the same PNG as the
// "Export image" button, or with --video the timeline playback as the "Export video" button makes
// it (the playback settings from the view's URL state). Progress goes to stderr; the written
// file's path and size to stdout (for a video also its frame count and encoding time).
// An explorer in sign-in mode is signed in to with the analyst's own key, from --key-file (a file,
// or - for standard input), ICD_ANALYST_KEY, or a prompt that does not echo: never an argument,
// which would stay in the shell's history and the process list.
// --theme draws the page and the image light or dark (as the view's `theme=` does; without either, light).
// --changes 7|14|28 outlines what changed in the last that many days (as the view's `chg=` does).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './lib/chromium';
import { loadEnvFile, readSettings } from '../src/lib/server/env';
import { SESSION_ENDED_HEADER } from '../src/lib/types/session';
import { parseSize, sizeProblem } from '../src/lib/map/export/sizes';
import { parseThemeSetting, THEME_PARAM } from '../src/lib/theme/theme';
import { videoProblem } from '../src/lib/map/export/video-plan';
import { explorerOn } from '../tests/helpers/page-handle';
import { RECENT_DAYS } from '../src/lib/map/changes/windows';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const say = (line: string) => process.stderr.write(line + '\n');

/** Argument errors, and the last word after main() has cleaned up; never inside main (it would skip its finally). */
function fail(message: string): never {
	say(`brief: ${message}`);
	process.exit(2);
}

const { values } = parseArgs({
	options: {
		out: { type: 'string' },
		video: { type: 'string' },
		duration: { type: 'string', default: '10' },
		fps: { type: 'string', default: '30' },
		view: { type: 'string', default: '' },
		size: { type: 'string', default: '1920x1080' },
		scale: { type: 'string', default: '1' },
		title: { type: 'string', default: 'ICD/ICDB records' },
		theme: { type: 'string' },
		changes: { type: 'string' },
		timeout: { type: 'string', default: '300' },
		'key-file': { type: 'string' }
	}
});

if (!values.out === !values.video) fail('give either --out FILE.png or --video FILE.webm (or .mp4)');
const size = parseSize(values.size!);
if (!size) fail(`--size ${values.size}: expected WIDTHxHEIGHT, for example 1920x1080`);
const scale = Number(values.scale);
const video = values.video
	? { seconds: Number(values.duration), fps: Number(values.fps), format: /\.mp4$/i.test(values.video) ? ('mp4' as const) : ('webm' as const) }
	: null;
if (values.video && !/\.(webm|mp4)$/i.test(values.video)) fail('--video: the file name must end in .webm or .mp4');
const problem = video ? videoProblem({ ...size, ...video }) : sizeProblem({ ...size, scale });
if (problem) fail(problem);
if (values.changes !== undefined && !(RECENT_DAYS as readonly number[]).includes(Number(values.changes)))
	fail(`--changes ${values.changes}: expected one of ${RECENT_DAYS.join(', ')} (days)`);
const timeoutMs = Number(values.timeout) * 1000;
if (!(timeoutMs > 0)) fail('--timeout must be a positive number of seconds');
if (values.theme !== undefined && !['light', 'dark'].includes(values.theme)) fail(`--theme ${values.theme}: expected light or dark`);

/** The page to open: a full explorer URL, or its query (`at=…&from=…`, with or without `?`). */
function viewUrl(view: string, defaultBase: string): URL {
	if (/^https?:\/\//.test(view)) return new URL(view);
	const url = new URL('/', defaultBase);
	url.search = view.replace(/^\?/, '');
	return url;
}

/** 'ready': the map answers; 'signin': it answers once signed in; false: nothing (usable) answers. */
async function answers(base: URL): Promise<'ready' | 'signin' | false> {
	try {
		const r = await fetch(new URL('/api/status', base), { signal: AbortSignal.timeout(3000) });
		await r.body?.cancel();
		if (r.ok) return 'ready';
		return r.status === 401 && r.headers.has(SESSION_ENDED_HEADER) ? 'signin' : false;
	} catch {
		return false;
	}
}

async function ensureApp(base: URL): Promise<ChildProcess | null> {
	const state = await answers(base);
	if (state) {
		say(`Using the explorer at ${base.origin}${state === 'signin' ? ' (sign-in mode)' : ''}`);
		return null;
	}
	if (!['127.0.0.1', 'localhost'].includes(base.hostname)) throw new Error(`nothing answers at ${base.origin}, and only a local app can be started here`);
	say(`Nothing answers at ${base.origin}: starting the app…`);
	const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
		cwd: root,
		env: { ...process.env, HOST: base.hostname === 'localhost' ? '127.0.0.1' : base.hostname, PORT: base.port || '80' },
		stdio: ['ignore', 'ignore', 'pipe']
	});
	child.stderr!.on('data', (d: Buffer) => process.stderr.write(d));
	const deadline = Date.now() + timeoutMs;
	while (!(await answers(base))) {
		if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before it answered`);
		if (Date.now() > deadline) {
			child.kill('SIGTERM');
			throw new Error(`the app did not answer within ${values.timeout} s`);
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	return child;
}

/** The analyst's key: from --key-file, ICD_ANALYST_KEY, or typed at a prompt that does not echo it. */
async function analystKey(): Promise<string> {
	const file = values['key-file'];
	if (file) return (file === '-' ? fs.readFileSync(0, 'utf8') : fs.readFileSync(file, 'utf8')).trim();
	loadEnvFile();
	const fromEnv = readSettings().analystKey;
	if (fromEnv) return fromEnv;
	if (!process.stdin.isTTY) throw new Error('the explorer is in sign-in mode: give your key with --key-file FILE (or - for standard input) or ICD_ANALYST_KEY');
	return promptHidden('Your service key (not shown): ');
}

function promptHidden(question: string): Promise<string> {
	process.stderr.write(question);
	const stdin = process.stdin;
	stdin.setRawMode(true);
	stdin.resume();
	return new Promise((resolve, reject) => {
		let typed = '';
		const done = (error?: Error) => {
			stdin.setRawMode(false);
			stdin.pause();
			stdin.off('data', onData);
			process.stderr.write('\n');
			if (error) reject(error);
			else resolve(typed.trim());
		};
		const onData = (chunk: Buffer) => {
			for (const ch of chunk.toString('utf8')) {
				if (ch === '\r' || ch === '\n') return done();
				if (ch === '\u0003') return done(new Error('cancelled'));
				typed = ch === '\u007f' || ch === '\b' ? typed.slice(0, -1) : typed + ch;
			}
		};
		stdin.on('data', onData);
	});
}

/**
 * A browser context signed in to the explorer. The key goes from this process to the explorer's
 * sign-in form over HTTP, as the page's form would send it; Chromium only gets the sealed cookie.
 */
async function signedInContext(browser: Browser, base: URL, colorScheme: 'light' | 'dark'): Promise<BrowserContext> {
	const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme });
	if ((await answers(base)) !== 'signin') return context;
	const key = await analystKey();
	say('Signing in…');
	const r = await fetch(new URL('/signin', base), {
		method: 'POST',
		redirect: 'manual',
		headers: { accept: 'text/html', origin: base.origin, 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ key, next: '/' })
	});
	const session = r.headers.getSetCookie().find((c) => /^(__Host-)?icd_session=[^;]/.test(c));
	if (r.status !== 303 || !session) {
		const said = /data-testid="signin-error">([^<]*)</.exec(await r.text())?.[1];
		throw new Error(`signing in failed (${r.status}): ${said ?? 'no session was set'}`);
	}
	const [name, ...value] = session.split(';')[0].split('=');
	await context.addCookies([{ name, value: value.join('='), url: base.origin, httpOnly: true, sameSite: 'Strict', secure: name.startsWith('__Host-') }]);
	return context;
}

/** The playback video, made in the page as the "Export video" button makes it; progress every 10 %. */
async function writeVideo(page: Page, out: string, v: { seconds: number; fps: number; format: 'webm' | 'mp4' }) {
	const total = Math.round(v.seconds * v.fps);
	say(`Encoding ${total} frames of ${size!.width} × ${size!.height} (${v.seconds} s at ${v.fps} fps, ${v.format.toUpperCase()})…`);
	let shown = -1;
	await page.exposeFunction('__briefVideoProgress', (p: { done: number; total: number; what: string }) => {
		const tenth = Math.floor((p.done / p.total) * 10);
		if (tenth !== shown) say(`${p.what}${p.done ? ` (${tenth * 10} %)` : ''}`);
		shown = tenth;
	});
	const r = await explorerOn(page).exportVideo({ width: size!.width, height: size!.height, ...v, title: values.title }, '__briefVideoProgress');
	const bytes = Buffer.from(r.base64, 'base64');
	fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
	fs.writeFileSync(out, bytes);
	say(`Wrote ${out} (${(bytes.length / 1_048_576).toFixed(1)} MiB): ${r.frames} frames in ${(r.ms / 1000).toFixed(1)} s`);
	process.stdout.write(`${out} ${size!.width}x${size!.height} ${r.frames} frames ${(r.ms / 1000).toFixed(1)} s\n`);
}

async function main() {
	const url = viewUrl(values.view!, `http://127.0.0.1:${process.env.PORT ?? '3000'}`);
	if (values.theme) url.searchParams.set(THEME_PARAM, values.theme);
	if (values.changes) url.searchParams.set('chg', values.changes);
	// The browser's own preference agrees with the theme asked for, so a view left to follow the system is light.
	const theme = parseThemeSetting(url.searchParams.get(THEME_PARAM));
	const app = await ensureApp(url);
	const browser = await launchChromium();
	try {
		const page = await (await signedInContext(browser, url, theme === 'dark' ? 'dark' : 'light')).newPage();
		page.on('pageerror', (e) => say(`page error: ${e.message}`));
		say(`Opening ${url.pathname}${url.search}`);
		await page.goto(url.href, { timeout: timeoutMs });
		const deadline = Date.now() + timeoutMs;
		let last = '';
		for (;;) {
			const state = await page.evaluate(() => {
				const count = document.querySelector('[data-testid="visible-count"]');
				const error = document.querySelector('[role="alert"]')?.textContent ?? null;
				return { settled: !!window.__explorer?.settled(), total: count?.getAttribute('data-total') ?? '0', error };
			});
			// "What changed" (chg=) draws its outlines once the worker has compared the windows.
			if (
				state.settled &&
				(await page.evaluate(() => {
					const c = window.__explorer!.changes();
					return !c.open || (!c.busy && (c.ms !== null || c.problem !== null));
				}))
			)
				break;
			const line = `Waiting for the records: ${Number(state.total).toLocaleString('en')} received`;
			if (line !== last) say((last = line));
			if (Date.now() > deadline) throw new Error(`the map did not settle within ${values.timeout} s${state.error ? ` (${state.error})` : ''}`);
			await new Promise((r) => setTimeout(r, 500));
		}
		if (video) return await writeVideo(page, values.video!, video);
		say(`Rendering ${size!.width * scale} × ${size!.height * scale} pixels…`);
		const dataUrl = await explorerOn(page).exportImage({ width: size!.width, height: size!.height, scale, title: values.title });
		const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
		fs.mkdirSync(path.dirname(path.resolve(values.out!)), { recursive: true });
		fs.writeFileSync(values.out!, png);
		say(`Wrote ${values.out} (${(png.length / 1024).toFixed(0)} KiB)`);
		process.stdout.write(`${values.out} ${size!.width * scale}x${size!.height * scale}\n`);
	} finally {
		await browser.close();
		app?.kill('SIGTERM');
	}
}

main().catch((e) => fail((e as Error).message));
