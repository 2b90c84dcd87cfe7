import { ArrayBufferTarget, Muxer } from 'webm-muxer';
import { describe, expect, it } from 'vitest';
import { setWebmDuration } from './video-encoder';

/** The Segment Duration of a WebM file, read back (ID 0x4489, 8-byte float). */
function durationOf(buffer: ArrayBuffer): number {
	const bytes = new Uint8Array(buffer);
	for (let i = 0; i < 4096; i++) if (bytes[i] === 0x44 && bytes[i + 1] === 0x89 && bytes[i + 2] === 0x88) return new DataView(buffer, i + 3, 8).getFloat64(0);
	return NaN;
}

describe('the WebM duration', () => {
	it('is the whole length of the frames, not the last frame’s start', () => {
		// A real muxer with three 10-fps frames (the bytes of each frame do not matter to it).
		const muxer = new Muxer({ target: new ArrayBufferTarget(), video: { codec: 'V_VP9', width: 320, height: 320, frameRate: 10 } });
		for (let i = 0; i < 3; i++) muxer.addVideoChunkRaw(new Uint8Array([1, 2, 3, i]), i === 0 ? 'key' : 'delta', i * 100_000);
		muxer.finalize();
		const buffer = muxer.target.buffer;
		expect(durationOf(buffer)).toBe(200);
		expect(setWebmDuration(buffer, 300)).toBe(true);
		expect(durationOf(buffer)).toBe(300);
	});

	it('reports a file without the element', () => {
		expect(setWebmDuration(new ArrayBuffer(64), 300)).toBe(false);
	});
});
