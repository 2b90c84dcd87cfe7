// The video "clip" of a synthetic record: captions (WebVTT) cut from its transcript and timed
// by word count (anchored to the transcript's own "[mm:ss]" line stamps), and a WAV of the same length that sounds like a field recording: a wind and
// hiss bed, a muffled murmur with syllable pulses wherever a caption speaks, a distant thump now
// and then. Both are pure functions of the record, so they can be cached and range-served.
import { prng } from './raster';

export interface Cue {
	/** Seconds from the start of the clip. */
	start: number;
	end: number;
	/** One or more lines, joined by "\n". */
	text: string;
}

export interface Clip {
	cues: Cue[];
	/** Seconds; the last cue ends TAIL_SECONDS before this. */
	duration: number;
}

export const WORDS_PER_SECOND = 2.6;
export const LEAD_IN_SECONDS = 0.6;
export const TAIL_SECONDS = 0.8;
/** Pause between sentences. */
export const SENTENCE_GAP_SECONDS = 0.35;
/** Length of a clip whose record has no transcript: ambience only. */
export const SILENT_CLIP_SECONDS = 8;
/** Transcripts longer than this at 2.6 words/s are read faster, so the WAV stays bounded (≤ 9.6 MB). */
export const MAX_CLIP_SECONDS = 600;
export const SAMPLE_RATE = 8000;

const MAX_WORDS_PER_CUE = 14;
const MAX_LINE_CHARS = 42;
const MIN_CUE_SECONDS = 1;

export function words(text: string): string[] {
	return text.split(/\s+/).filter((w) => w.length > 0);
}

/** Cuts a long sentence into cue-sized pieces of about equal length, preferring to cut after a comma. */
function split(w: string[]): string[][] {
	if (w.length <= MAX_WORDS_PER_CUE) return [w];
	const target = Math.round(w.length / Math.ceil(w.length / MAX_WORDS_PER_CUE));
	let cut = target;
	search: for (let d = 0; d <= 3; d++) {
		for (const c of [target - d, target + d]) {
			if (c >= 1 && c < w.length && c <= MAX_WORDS_PER_CUE && /[,;:]$/.test(w[c - 1])) {
				cut = c;
				break search;
			}
		}
	}
	return [w.slice(0, cut), ...split(w.slice(cut))];
}

interface Chunk {
	words: string[];
	endsSentence: boolean;
	/** Seconds, from a leading "[mm:ss]" of the transcript line this chunk opens. */
	stamp?: number;
}

// Transcript lines of the synthetic records open with their time in the video: "[01:13] Speaker 3: …".
const STAMP = /^\s*\[(?:(\d{1,2}):)?(\d{1,2}):(\d{2})\]\s*/;

/** Sentences, each cut into cue-sized chunks. Line breaks end a sentence too. */
function chunks(transcript: string): Chunk[] {
	const out: Chunk[] = [];
	for (const raw of transcript.split(/\n+/)) {
		const m = STAMP.exec(raw);
		let stamp = m ? Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) : undefined;
		const paragraph = m ? raw.slice(m[0].length) : raw;
		for (const sentence of paragraph.split(/(?<=[.!?…])\s+/)) {
			const pieces = split(words(sentence));
			pieces.forEach((p, i) => {
				if (p.length === 0) return;
				out.push({ words: p, endsSentence: i === pieces.length - 1, ...(stamp === undefined ? {} : { stamp }) });
				stamp = undefined;
			});
		}
	}
	return out;
}

/** Greedy wrap at `width`; a word longer than a line gets a line of its own. */
function greedy(ws: string[], width: number): string[] {
	const lines: string[] = [];
	let line = '';
	for (const w of ws) {
		if (line && line.length + 1 + w.length > width) {
			lines.push(line);
			line = w;
		} else line = line ? `${line} ${w}` : w;
	}
	if (line) lines.push(line);
	return lines;
}

/** As few lines as MAX_LINE_CHARS allows, of about equal length (no one-word orphan line). */
function wrap(ws: string[]): string {
	const text = ws.join(' ');
	if (text.length <= MAX_LINE_CHARS) return text;
	const count = Math.ceil(text.length / MAX_LINE_CHARS);
	for (let width = Math.ceil(text.length / count); ; width++) {
		const lines = greedy(ws, width);
		if (lines.length <= count || width >= MAX_LINE_CHARS) return lines.join('\n');
	}
}

/**
 * Cue times: each chunk lasts its word count at WORDS_PER_SECOND (at least a second), sentences
 * are separated by a short pause, and a line stamped "[mm:ss]" starts at that time unless the
 * previous line is still being read. A clip that would pass MAX_CLIP_SECONDS ignores the stamps
 * and is read faster instead, so the WAV stays bounded.
 */
export function clipTimeline(transcript: string | null | undefined): Clip {
	const parts = chunks(transcript ?? '');
	if (parts.length === 0) return { cues: [], duration: SILENT_CLIP_SECONDS };
	const stamped = layout(parts, WORDS_PER_SECOND, true);
	if (stamped.duration <= MAX_CLIP_SECONDS) return stamped;
	const totalWords = parts.reduce((n, p) => n + p.words.length, 0);
	const fixed = LEAD_IN_SECONDS + TAIL_SECONDS + parts.length * SENTENCE_GAP_SECONDS;
	return layout(parts, Math.max(WORDS_PER_SECOND, totalWords / Math.max(1, MAX_CLIP_SECONDS - fixed)), false);
}

function layout(parts: Chunk[], rate: number, useStamps: boolean): Clip {
	const cues: Cue[] = [];
	let t = LEAD_IN_SECONDS;
	for (const p of parts) {
		if (useStamps && p.stamp !== undefined) t = Math.max(t, p.stamp);
		const length = Math.max(MIN_CUE_SECONDS, p.words.length / rate);
		cues.push({ start: round3(t), end: round3(t + length), text: wrap(p.words) });
		t += length + (p.endsSentence ? SENTENCE_GAP_SECONDS : 0);
	}
	return { cues, duration: round3(cues[cues.length - 1].end + TAIL_SECONDS) };
}

function round3(s: number): number {
	return Math.round(s * 1000) / 1000;
}

export function vttTimestamp(seconds: number): string {
	const ms = Math.round(seconds * 1000);
	const h = Math.floor(ms / 3_600_000);
	const m = Math.floor(ms / 60_000) % 60;
	const s = Math.floor(ms / 1000) % 60;
	const pad = (n: number, w = 2) => String(n).padStart(w, '0');
	return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

function escapeVtt(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function buildVtt(clip: Clip, note?: string): string {
	const blocks = ['WEBVTT'];
	// A NOTE may not contain "-->" nor a blank line.
	if (note) blocks.push(`NOTE ${note.replace(/-->/g, '->').replace(/\n\s*\n/g, '\n')}`);
	clip.cues.forEach((c, i) => {
		blocks.push(`${i + 1}\n${vttTimestamp(c.start)} --> ${vttTimestamp(c.end)}\n${escapeVtt(c.text)}`);
	});
	return `${blocks.join('\n\n')}\n`;
}

// --- WAV -------------------------------------------------------------------------------------

const TABLE_SIZE = 4096;
const SINE = Float32Array.from({ length: TABLE_SIZE }, (_, i) => Math.sin((2 * Math.PI * i) / TABLE_SIZE));

function syllables(word: string): number {
	const groups = word.toLowerCase().match(/[aeiouyàáâäèéêëìíîïòóôöùúûü]+/g);
	return Math.min(4, Math.max(1, groups?.length ?? 1));
}

/** 44-byte RIFF header for mono 16-bit PCM. */
export function wavHeader(sampleCount: number, sampleRate = SAMPLE_RATE): Buffer {
	const h = Buffer.alloc(44);
	const dataBytes = sampleCount * 2;
	h.write('RIFF', 0, 'ascii');
	h.writeUInt32LE(36 + dataBytes, 4);
	h.write('WAVE', 8, 'ascii');
	h.write('fmt ', 12, 'ascii');
	h.writeUInt32LE(16, 16);
	h.writeUInt16LE(1, 20); // PCM
	h.writeUInt16LE(1, 22); // mono
	h.writeUInt32LE(sampleRate, 24);
	h.writeUInt32LE(sampleRate * 2, 28);
	h.writeUInt16LE(2, 32);
	h.writeUInt16LE(16, 34);
	h.write('data', 36, 'ascii');
	h.writeUInt32LE(dataBytes, 40);
	return h;
}

export function buildWav(clip: Clip, seed: number): Buffer {
	const rnd = prng(seed);
	const n = Math.round(clip.duration * SAMPLE_RATE);
	const out = new Float32Array(n);

	// Ambience: brown-ish wind whose level breathes with two slow LFOs, plus faint hiss.
	const gustA = 0.05 + rnd() * 0.1;
	const gustB = 0.13 + rnd() * 0.2;
	const phaseA = rnd() * 6.28;
	const phaseB = rnd() * 6.28;
	let s = (Math.floor(rnd() * 0xffffffff) | 1) >>> 0;
	let wind = 0;
	let gust = 1;
	for (let i = 0; i < n; i++) {
		if ((i & 63) === 0) {
			const t = i / SAMPLE_RATE;
			gust = 0.6 + 0.25 * Math.sin(2 * Math.PI * gustA * t + phaseA) + 0.15 * Math.sin(2 * Math.PI * gustB * t + phaseB);
		}
		s ^= s << 13;
		s ^= s >>> 17;
		s ^= s << 5;
		const white = ((s >>> 0) / 4294967296) * 2 - 1;
		wind += (white - wind) * 0.08;
		out[i] = wind * 0.14 * gust + white * 0.005;
	}

	// Distant thumps: a decaying low sine every 15–40 s.
	for (let t = 3 + rnd() * 12; t < clip.duration - 1; t += 15 + rnd() * 25) {
		const f = 55 + rnd() * 30;
		const start = Math.round(t * SAMPLE_RATE);
		const len = Math.min(n - start, Math.round(0.9 * SAMPLE_RATE));
		for (let k = 0; k < len; k++) {
			const e = Math.exp(-k / (0.18 * SAMPLE_RATE));
			out[start + k] += 0.15 * e * SINE[Math.floor(((f * k) / SAMPLE_RATE) * TABLE_SIZE) & (TABLE_SIZE - 1)];
		}
	}

	// The murmur: one voiced pulse per syllable, pitch falling across each cue (declination).
	const f0 = 105 + rnd() * 95;
	for (const cue of clip.cues) {
		const ws = words(cue.text);
		const wordLength = (cue.end - cue.start) / ws.length;
		ws.forEach((w, wi) => {
			const count = syllables(w);
			const syl = wordLength / count;
			for (let k = 0; k < count; k++) {
				const t0 = cue.start + wi * wordLength + k * syl;
				const progress = (t0 - cue.start) / Math.max(0.001, cue.end - cue.start);
				const pitch = f0 * (1.12 - 0.22 * progress) * (0.94 + rnd() * 0.12);
				// Vowel colour: random weights on the first harmonics stand in for formants.
				const weights = [1, 0.4 + rnd() * 0.6, 0.2 + rnd() * 0.6, rnd() * 0.4, rnd() * 0.25];
				const level = 0.11 * (0.7 + rnd() * 0.3);
				const start = Math.round(t0 * SAMPLE_RATE);
				const len = Math.min(n - start, Math.round(syl * 0.82 * SAMPLE_RATE));
				const step = (pitch / SAMPLE_RATE) * TABLE_SIZE;
				for (let j = 0; j < len; j++) {
					const env = SINE[Math.floor((j / len) * (TABLE_SIZE / 2))]; // half sine: soft attack and release
					const ph = j * step;
					let v = 0;
					for (let h = 0; h < 5; h++) v += weights[h] * SINE[Math.floor(ph * (h + 1)) & (TABLE_SIZE - 1)];
					out[start + j] += level * env * env * v * 0.7;
				}
			}
		});
	}

	// Muffle (one-pole low-pass, as through a phone's microphone), fade the ends, quantize.
	const fade = Math.min(n / 2, Math.round(0.25 * SAMPLE_RATE));
	const wav = Buffer.alloc(44 + n * 2);
	wavHeader(n).copy(wav, 0);
	const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
	let y = 0;
	for (let i = 0; i < n; i++) {
		y += (out[i] - y) * 0.45;
		const g = i < fade ? i / fade : i >= n - fade ? (n - 1 - i) / fade : 1;
		const v = Math.max(-1, Math.min(1, y * g));
		view.setInt16(44 + i * 2, Math.round(v * 32767), true);
	}
	return wav;
}

export interface WavInfo {
	sampleRate: number;
	channels: number;
	bitsPerSample: number;
	dataBytes: number;
	duration: number;
}

/** Reads the header written by wavHeader (used by tests and by the range handler's sanity checks). */
export function readWavHeader(buf: Buffer): WavInfo | null {
	if (buf.length < 44 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') return null;
	if (buf.toString('ascii', 12, 16) !== 'fmt ' || buf.toString('ascii', 36, 40) !== 'data') return null;
	const sampleRate = buf.readUInt32LE(24);
	const channels = buf.readUInt16LE(22);
	const bitsPerSample = buf.readUInt16LE(34);
	const dataBytes = buf.readUInt32LE(40);
	return { sampleRate, channels, bitsPerSample, dataBytes, duration: dataBytes / (sampleRate * channels * (bitsPerSample / 8)) };
}
