// Frames to a video file with WebCodecs (VideoEncoder) and a muxer: WebM (VP9, else VP8) through
// webm-muxer, MP4 (H.264) through mp4-muxer where the browser has an H.264 encoder. Frames are
// drawn on demand, one at a time, and encoded with their own timestamps, so the file has exactly
// the frames asked for, however long each takes to draw (never a real-time screen capture).
// Without WebCodecs (browsers before Chrome 94, Safari 16.4, Firefox 130) there is no encoder to
// fall back on that keeps frame timing exact (MediaRecorder records in real time), so the export
// says so instead; `npm run brief -- --video` makes the file with the Chromium on this machine.
import type { VideoFormat } from './video-plan';
import { frameTiming } from './video-plan';

export const NO_WEBCODECS =
	'This browser cannot encode video (it has no WebCodecs VideoEncoder). Use a current Chrome, Edge, Firefox or Safari, or make the video with `npm run brief -- --video out.webm`.';

interface Codec {
	/** WebCodecs codec string, and the muxer's name for it. */
	codec: string;
	muxer: string;
}

/** Candidates per container, best first. */
const CODECS: Record<VideoFormat, Codec[]> = {
	webm: [
		{ codec: 'vp09.00.41.08', muxer: 'V_VP9' },
		{ codec: 'vp8', muxer: 'V_VP8' }
	],
	mp4: [
		{ codec: 'avc1.640033', muxer: 'avc' },
		{ codec: 'avc1.640028', muxer: 'avc' }
	]
};

export const MIME: Record<VideoFormat, string> = { webm: 'video/webm', mp4: 'video/mp4' };

export function canEncodeVideo(): boolean {
	return typeof VideoEncoder !== 'undefined' && typeof VideoFrame !== 'undefined';
}

function config(c: Codec, width: number, height: number, fps: number): VideoEncoderConfig {
	return {
		codec: c.codec,
		width,
		height,
		framerate: fps,
		// About 0.1 bit per pixel per frame: crisp text and dots on a flat map at 6 Mbit/s for 1080p30.
		bitrate: Math.round(width * height * fps * 0.1),
		// 'quality' would cost several times the encoding time in software for little visible gain here.
		latencyMode: 'realtime',
		...(c.muxer === 'avc' ? { avc: { format: 'avc' as const } } : {})
	};
}

async function codecFor(format: VideoFormat, width: number, height: number, fps: number): Promise<Codec | null> {
	if (!canEncodeVideo()) return null;
	for (const c of CODECS[format]) {
		const support = await VideoEncoder.isConfigSupported(config(c, width, height, fps)).catch(() => null);
		if (support?.supported) return c;
	}
	return null;
}

/** The containers this browser can encode at this size and rate (WebM first). */
export async function videoFormats(width: number, height: number, fps: number): Promise<VideoFormat[]> {
	const formats: VideoFormat[] = [];
	for (const f of ['webm', 'mp4'] as const) if (await codecFor(f, width, height, fps)) formats.push(f);
	return formats;
}

export interface EncodeOptions {
	width: number;
	height: number;
	fps: number;
	frames: number;
	format: VideoFormat;
	/** Draws frame i (called in order, once each); the canvas is read before the next call. */
	draw(i: number): Promise<HTMLCanvasElement>;
	signal?: AbortSignal;
	onframe?(done: number, total: number): void;
}

/** A keyframe every two seconds: seeking in a player stays quick, and the file small. */
const KEYFRAME_SECONDS = 2;
/** Frames waiting in the encoder before drawing waits for it: memory stays flat at 4K. */
const MAX_QUEUE = 3;

export function cancelled(): DOMException {
	return new DOMException('The export was cancelled.', 'AbortError');
}

export async function encodeVideo(o: EncodeOptions): Promise<Blob> {
	if (!canEncodeVideo()) throw new Error(NO_WEBCODECS);
	const codec = await codecFor(o.format, o.width, o.height, o.fps);
	if (!codec)
		throw new Error(
			`This browser cannot encode ${o.format.toUpperCase()} video at ${o.width} × ${o.height}${o.format === 'mp4' ? ' (no H.264 encoder): choose WebM' : ''}.`
		);
	const target = o.format === 'webm' ? await webmMuxer(codec, o) : await mp4Muxer(codec, o);
	let failure: Error | null = null;
	const encoder = new VideoEncoder({
		output: (chunk, meta) => target.add(chunk, meta),
		error: (e) => (failure = e instanceof Error ? e : new Error(String(e)))
	});
	encoder.configure(config(codec, o.width, o.height, o.fps));
	const keyEvery = Math.max(1, Math.round(o.fps * KEYFRAME_SECONDS));
	let next: Promise<HTMLCanvasElement> | null;
	try {
		next = o.draw(0);
		for (let i = 0; i < o.frames; i++) {
			if (o.signal?.aborted) throw cancelled();
			const canvas = await (next as Promise<HTMLCanvasElement>);
			if (failure) throw failure;
			const frame = new VideoFrame(canvas, frameTiming(i, o.fps));
			// The frame holds its own copy: the next one may be drawn while this one is encoded.
			next = i + 1 < o.frames ? o.draw(i + 1) : null;
			next?.catch(() => {});
			encoder.encode(frame, { keyFrame: i % keyEvery === 0 });
			frame.close();
			while (encoder.encodeQueueSize > MAX_QUEUE && !failure) await dequeued(encoder);
			o.onframe?.(i + 1, o.frames);
		}
		await encoder.flush();
		if (failure) throw failure;
		return new Blob([target.finish()], { type: MIME[o.format] });
	} finally {
		if (encoder.state !== 'closed') encoder.close();
	}
}

function dequeued(encoder: VideoEncoder): Promise<void> {
	return new Promise((resolve) => {
		// 'dequeue' is not in every browser with WebCodecs: a short poll is the fallback.
		const timer = setTimeout(resolve, 20);
		encoder.addEventListener('dequeue', () => (clearTimeout(timer), resolve()), { once: true });
	});
}

interface MuxTarget {
	add(chunk: EncodedVideoChunk, meta?: EncodedVideoChunkMetadata): void;
	finish(): ArrayBuffer;
}

async function webmMuxer(codec: Codec, o: EncodeOptions): Promise<MuxTarget> {
	const { Muxer, ArrayBufferTarget } = await import('webm-muxer');
	const muxer = new Muxer({ target: new ArrayBufferTarget(), video: { codec: codec.muxer, width: o.width, height: o.height, frameRate: o.fps } });
	return {
		add: (chunk, meta) => muxer.addVideoChunk(chunk, meta),
		finish: () => {
			muxer.finalize();
			setWebmDuration(muxer.target.buffer, (o.frames * 1000) / o.fps);
			return muxer.target.buffer;
		}
	};
}

/**
 * webm-muxer writes the segment's Duration as the last frame's start, one frame short of the
 * video's length (it takes no duration for video chunks); players show that as the length. The
 * element (ID 0x4489, an 8-byte float of milliseconds) sits in the Segment Info near the file's
 * start, so it is set in place. Returns whether it was found.
 */
export function setWebmDuration(buffer: ArrayBuffer, ms: number): boolean {
	const bytes = new Uint8Array(buffer);
	const end = Math.min(bytes.length - 11, 4096);
	for (let i = 0; i < end; i++) {
		if (bytes[i] === 0x44 && bytes[i + 1] === 0x89 && bytes[i + 2] === 0x88) {
			new DataView(buffer, i + 3, 8).setFloat64(0, ms);
			return true;
		}
	}
	return false;
}

async function mp4Muxer(codec: Codec, o: EncodeOptions): Promise<MuxTarget> {
	const { Muxer, ArrayBufferTarget } = await import('mp4-muxer');
	const muxer = new Muxer({
		target: new ArrayBufferTarget(),
		video: { codec: 'avc', width: o.width, height: o.height, frameRate: o.fps },
		fastStart: 'in-memory'
	});
	return {
		add: (chunk, meta) => muxer.addVideoChunk(chunk, meta),
		finish: () => (muxer.finalize(), muxer.target.buffer)
	};
}
