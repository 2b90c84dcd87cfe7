// The embedded service's own media for its synthetic records: a deterministic "field photo"
// per record, stamped with the dataset label and the record's identity. Two framings:
// 'still' (the image viewer: caption band at the bottom) and 'poster' (the video player:
// camera-style stamps at the top, leaving the bottom free for subtitles).
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import { DATASET_LABEL, type RecordRow } from '../../../types/dataset';
import { toFontText } from './font';
import { Lru } from './lru';
import { Raster, type Rgb } from './raster';
import { paintScene, type Framing } from './landscape';

export const IMAGE_WIDTH = 960;
export const IMAGE_HEIGHT = 540;
/** Bump when the picture changes, so ETags (and browser caches) move with it. */
const RENDER_VERSION = 1;

export type ImageVariant = Framing;

export type MediaRecord = Pick<
	RecordRow,
	| 'dataset'
	| 'component'
	| 'uuid'
	| 'primary_id'
	| 'primary_date'
	| 'entity'
	| 'primary_country'
	| 'second_geo_layer'
	| 'dominant_lat'
	| 'dominant_long'
	| 'title'
	| 'transcript'
>;

export interface RenderedImage {
	png: Buffer;
	etag: string;
}

const LABEL_COLOURS: Record<RecordRow['dataset'], { fill: Rgb; ink: Rgb }> = {
	icd: { fill: [242, 178, 44], ink: [24, 20, 12] },
	icdb: { fill: [70, 196, 206], ink: [10, 24, 28] }
};
const WHITE: Rgb = [244, 242, 236];
const MUTED: Rgb = [196, 194, 186];
const SHADOW: Rgb = [0, 0, 0];
const SCALE = 2;
const ADVANCE = 6 * SCALE;

// ~200 images of ~0.35 MB each; the byte bound keeps a run of large ones from growing the heap.
const cache = new Lru<RenderedImage>(200, 80 * 1024 * 1024, (v) => v.png.length);

export function seedOf(uuid: string): number {
	return createHash('sha256').update(uuid).digest().readUInt32LE(0);
}

export function placeOf(r: Pick<RecordRow, 'second_geo_layer' | 'primary_country'>): string {
	return [r.second_geo_layer, r.primary_country].filter((s): s is string => !!s && s.trim() !== '').join(', ');
}

function coordinates(r: MediaRecord): string {
	if (r.dominant_lat == null || r.dominant_long == null) return '';
	const lat = `${Math.abs(r.dominant_lat).toFixed(3)}°${r.dominant_lat >= 0 ? 'N' : 'S'}`;
	const lon = `${Math.abs(r.dominant_long).toFixed(3)}°${r.dominant_long >= 0 ? 'E' : 'W'}`;
	return `${lat} ${lon}`;
}

/** Fits text to a number of glyphs, ending in "..." when cut. */
function fit(text: string, chars: number): string {
	const t = toFontText(text).trim();
	if (t.length <= chars) return t;
	return `${t.slice(0, Math.max(0, chars - 3)).trimEnd()}...`;
}

/** Strong validator: the picture is a pure function of these fields and the renderer version. */
export function imageEtag(r: MediaRecord, variant: ImageVariant): string {
	const h = createHash('sha256');
	for (const part of [RENDER_VERSION, variant, r.dataset, r.component, r.uuid, r.primary_id, r.primary_date, placeOf(r), coordinates(r), r.title ?? '']) {
		h.update(String(part)).update('\u0000');
	}
	return `"m${RENDER_VERSION}-${h.digest('base64url').slice(0, 27)}"`;
}

function badge(img: Raster, x: number, y: number, r: MediaRecord): number {
	const label = DATASET_LABEL[r.dataset];
	const { fill, ink } = LABEL_COLOURS[r.dataset];
	const w = img.textWidth(label, SCALE) + 12;
	img.fillRect(x, y, w, 7 * SCALE + 8, fill);
	img.text(x + 6, y + 4, label, SCALE, ink);
	return x + w;
}

function stampStill(img: Raster, r: MediaRecord): void {
	const pad = 16;
	const line = 22;
	const bandH = 3 * line + 14;
	const top = img.height - bandH;
	img.fillRect(0, top, img.width, bandH, [12, 12, 14], 0.74);
	img.fillRect(0, top, img.width, 2, LABEL_COLOURS[r.dataset].fill, 0.9);

	const y1 = top + 8;
	const afterBadge = badge(img, pad, y1 - 4, r) + 12;
	const coords = toFontText(coordinates(r));
	const coordsX = img.width - pad - img.textWidth(coords, SCALE);
	const kind = r.component === 'video' ? 'VIDEO' : 'IMAGE';
	const head = fit(`${kind} #${r.primary_id} · ${r.primary_date}`, Math.floor((coordsX - afterBadge - 12) / ADVANCE));
	img.text(afterBadge, y1, head, SCALE, WHITE);
	if (coords) img.text(coordsX, y1, coords, SCALE, MUTED);

	const chars = Math.floor((img.width - 2 * pad) / ADVANCE);
	img.text(pad, y1 + line, fit(placeOf(r) || 'LOCATION NOT RECORDED', chars), SCALE, MUTED);
	img.text(pad, y1 + 2 * line, fit(r.title ?? 'UNTITLED', chars), SCALE, WHITE);
}

function stampPoster(img: Raster, r: MediaRecord): void {
	const pad = 16;
	const afterBadge = badge(img, pad, pad - 4, r) + 12;
	img.text(afterBadge, pad, `VIDEO #${r.primary_id}`, SCALE, WHITE, SHADOW);
	const date = toFontText(r.primary_date);
	img.text(img.width - pad - img.textWidth(date, SCALE), pad, date, SCALE, WHITE, SHADOW);
	// The camera's recording lamp.
	img.fillEllipse(pad + 6, pad + 36, 6, 6, [226, 40, 36]);
	img.text(pad + 18, pad + 29, 'REC', SCALE, WHITE, SHADOW);
	const place = fit(placeOf(r), 36);
	if (place) img.text(img.width - pad - img.textWidth(place, SCALE), pad + 29, place, SCALE, MUTED, SHADOW);
}

/**
 * PNG colour type 2 straight from the RGB raster. A fixed 'up' filter and deflate level 1 are
 * the fast path: adaptive filtering and level 6 tripled the time for a 10% smaller file.
 */
export function encodeRgbPng(width: number, height: number, rgb: Uint8Array | Uint8ClampedArray): Buffer {
	const data = Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength);
	return PNG.sync.write({ width, height, data } as unknown as PNG, {
		colorType: 2,
		inputColorType: 2,
		inputHasAlpha: false,
		filterType: 2,
		deflateLevel: 1,
		deflateStrategy: 0
	});
}

export function paintImage(r: MediaRecord, variant: ImageVariant): Raster {
	const img = new Raster(IMAGE_WIDTH, IMAGE_HEIGHT);
	paintScene(img, seedOf(r.uuid), variant);
	if (variant === 'still') stampStill(img, r);
	else stampPoster(img, r);
	return img;
}

/** The record's picture, encoded; repeated requests come from the LRU. */
export function renderImage(r: MediaRecord, variant: ImageVariant): RenderedImage {
	const etag = imageEtag(r, variant);
	return cache.through(etag, () => {
		const img = paintImage(r, variant);
		return { png: encodeRgbPng(img.width, img.height, img.data), etag };
	});
}
