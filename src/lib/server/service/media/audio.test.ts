import { describe, expect, it } from 'vitest';
import {
	buildVtt,
	buildWav,
	clipTimeline,
	MAX_CLIP_SECONDS,
	readWavHeader,
	SAMPLE_RATE,
	SILENT_CLIP_SECONDS,
	TAIL_SECONDS,
	vttTimestamp,
	WORDS_PER_SECOND
} from './audio';

const TRANSCRIPT = [
	'Speaker 1 (Arabic): We reached the crossing at first light, and the trucks were already waiting on the far side of the river.',
	'Speaker 2: How many? Nobody counted them properly, but I would say at least thirty, maybe forty, with more arriving every hour from the south & the east <unverified>.',
	'Speaker 1: Keep filming.'
].join('\n');

interface ParsedCue {
	start: number;
	end: number;
	text: string;
}

function seconds(ts: string): number {
	const [h, m, s] = ts.split(':');
	return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/** A strict-enough WebVTT reader: header, blocks separated by blank lines, cue timing lines. */
function parseVtt(vtt: string): ParsedCue[] {
	expect(vtt.startsWith('WEBVTT')).toBe(true);
	const blocks = vtt.trim().split(/\n\n+/).slice(1);
	const cues: ParsedCue[] = [];
	for (const block of blocks) {
		if (block.startsWith('NOTE')) {
			expect(block).not.toContain('-->');
			continue;
		}
		const lines = block.split('\n');
		const timing = lines.findIndex((l) => l.includes('-->'));
		const m = /^(\d{2}:\d{2}:\d{2}\.\d{3}) --> (\d{2}:\d{2}:\d{2}\.\d{3})$/.exec(lines[timing]);
		expect(m, block).not.toBeNull();
		const text = lines.slice(timing + 1).join('\n');
		expect(text.length).toBeGreaterThan(0);
		expect(text).not.toContain('-->');
		cues.push({ start: seconds(m![1]), end: seconds(m![2]), text });
	}
	return cues;
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('captions', () => {
	const clip = clipTimeline(TRANSCRIPT);
	const cues = parseVtt(buildVtt(clip, 'ICD video #1 --> test'));

	it('starts with WEBVTT and has cues in increasing, non-overlapping order', () => {
		expect(cues.length).toBeGreaterThan(3);
		for (let i = 0; i < cues.length; i++) {
			expect(cues[i].end).toBeGreaterThan(cues[i].start);
			if (i > 0) expect(cues[i].start).toBeGreaterThanOrEqual(cues[i - 1].end);
		}
	});

	it('covers every transcript word, in order', () => {
		const spoken = cues.flatMap((c) => unescape(c.text).split(/\s+/));
		expect(spoken).toEqual(TRANSCRIPT.split(/\s+/));
	});

	it('escapes markup characters in cue text', () => {
		const all = cues.map((c) => c.text).join('\n');
		expect(all).toContain('&amp;');
		expect(all).toContain('&lt;unverified&gt;');
		expect(all).not.toMatch(/<unverified>/);
	});

	it('times cues by word count at about 2.6 words per second', () => {
		const words = TRANSCRIPT.split(/\s+/).length;
		const speaking = cues.reduce((t, c) => t + (c.end - c.start), 0);
		expect(words / speaking).toBeGreaterThan(WORDS_PER_SECOND * 0.85);
		expect(words / speaking).toBeLessThan(WORDS_PER_SECOND * 1.15);
	});

	it('keeps cues short enough to read: at most 14 words and lines of at most 42 characters', () => {
		for (const c of clip.cues) {
			expect(c.text.split(/\s+/).length).toBeLessThanOrEqual(14);
			for (const line of c.text.split('\n')) expect(line.length).toBeLessThanOrEqual(42);
		}
	});

	it('starts a line stamped [mm:ss] at that time, unless the previous line is still being read', () => {
		const stamped = [
			'[00:04] Speaker 1 (Kurdish, translated): In the name of God, we are the men of the front.',
			'[00:17] (Crowd chanting) Long live the front!',
			'[00:18] Speaker 2: This line is stamped before the previous one can finish.',
			'[0:02:03] Speaker 1: Late words.'
		].join('\n');
		const c = parseVtt(buildVtt(clipTimeline(stamped)));
		expect(c[0].start).toBe(4);
		const chant = c.find((q) => q.text.startsWith('(Crowd chanting)'))!;
		expect(chant.start).toBe(17);
		const pushed = c.find((q) => q.text.startsWith('Speaker 2'))!;
		expect(pushed.start).toBeGreaterThan(18);
		expect(pushed.start).toBeGreaterThanOrEqual(chant.end);
		expect(c[c.length - 1].start).toBe(123);
		const spoken = c.flatMap((q) => q.text.split(/\s+/));
		expect(spoken).toEqual(
			stamped
				.replace(/\[[\d:]+\]/g, '')
				.split(/\s+/)
				.filter(Boolean)
		);
	});

	it('formats timestamps as hh:mm:ss.mmm', () => {
		expect(vttTimestamp(0)).toBe('00:00:00.000');
		expect(vttTimestamp(3723.4567)).toBe('01:02:03.457');
	});

	it('gives an empty transcript an ambience-only clip', () => {
		const silent = clipTimeline(null);
		expect(silent).toEqual({ cues: [], duration: SILENT_CLIP_SECONDS });
		expect(parseVtt(buildVtt(silent))).toEqual([]);
	});

	it('ignores stamps that would make the clip too long', () => {
		const far = clipTimeline('[00:02] First words here.\n[59:00] Much later words.');
		expect(far.cues[1].start).toBeLessThan(10);
		expect(far.duration).toBeLessThan(MAX_CLIP_SECONDS);
	});

	it('reads a very long transcript faster instead of growing without bound', () => {
		const long = clipTimeline(Array.from({ length: 4000 }, (_, i) => `word${i}`).join(' '));
		expect(long.duration).toBeLessThanOrEqual(MAX_CLIP_SECONDS + 1);
		expect(long.cues.flatMap((c) => c.text.split(/\s+/))).toHaveLength(4000);
	});
});

describe('audio clip', () => {
	const clip = clipTimeline(TRANSCRIPT);
	const wav = buildWav(clip, 1234);
	const info = readWavHeader(wav)!;

	it('has a correct 16-bit mono PCM header', () => {
		expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
		expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
		expect(wav.readUInt16LE(20)).toBe(1);
		expect(info).toMatchObject({ channels: 1, bitsPerSample: 16, sampleRate: SAMPLE_RATE });
		expect(SAMPLE_RATE).toBeGreaterThanOrEqual(8000);
		expect(SAMPLE_RATE).toBeLessThanOrEqual(16000);
		expect(wav.readUInt32LE(28)).toBe(SAMPLE_RATE * 2);
		expect(info.dataBytes).toBe(wav.length - 44);
	});

	it('lasts as long as the captions plus the tail', () => {
		const lastEnd = clip.cues[clip.cues.length - 1].end;
		expect(Math.abs(info.duration - (lastEnd + TAIL_SECONDS))).toBeLessThan(1 / SAMPLE_RATE + 1e-9);
	});

	it('is deterministic per seed and differs between seeds', () => {
		expect(buildWav(clip, 1234).equals(wav)).toBe(true);
		expect(buildWav(clip, 99).equals(wav)).toBe(false);
	});

	it('is louder where captions speak than in the ambience, and never clips', () => {
		const rms = (from: number, to: number) => {
			let sum = 0;
			const a = Math.round(from * SAMPLE_RATE);
			const b = Math.round(to * SAMPLE_RATE);
			for (let i = a; i < b; i++) {
				const v = wav.readInt16LE(44 + i * 2) / 32768;
				sum += v * v;
			}
			return Math.sqrt(sum / (b - a));
		};
		const first = clip.cues[0];
		const speech = rms(first.start, first.end);
		const quiet = rms(0.3, first.start);
		expect(speech).toBeGreaterThan(quiet * 1.5);
		expect(quiet).toBeGreaterThan(0.001); // an ambience bed, not digital silence
		let peak = 0;
		for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(wav.readInt16LE(i)));
		expect(peak).toBeLessThan(32767);
	});
});
