// A procedural landscape that reads as a field photograph: sky, hazy ridges, ground, a road,
// buildings, vehicles, smoke, then vignette and film grain. Every choice comes from the seed.
import { mix, prng, shade, type Raster, type Rgb } from './raster';

export type Framing = 'still' | 'poster';

const GRAIN_LEVELS = 5;
const GRAIN_STEP = 4;

interface Palette {
	skyTop: Rgb;
	skyHorizon: Rgb;
	ridge: Rgb;
	groundFar: Rgb;
	groundNear: Rgb;
	concrete: Rgb;
	foliage: Rgb;
}

const BIOMES: Record<'desert' | 'steppe' | 'mountain' | 'urban' | 'coast', Palette> = {
	desert: {
		skyTop: [86, 136, 192],
		skyHorizon: [218, 210, 190],
		ridge: [176, 146, 112],
		groundFar: [206, 178, 134],
		groundNear: [148, 114, 78],
		concrete: [196, 180, 152],
		foliage: [96, 98, 62]
	},
	steppe: {
		skyTop: [92, 134, 176],
		skyHorizon: [204, 210, 208],
		ridge: [108, 114, 98],
		groundFar: [152, 146, 104],
		groundNear: [90, 94, 56],
		concrete: [176, 168, 150],
		foliage: [62, 78, 44]
	},
	mountain: {
		skyTop: [76, 114, 158],
		skyHorizon: [198, 206, 212],
		ridge: [92, 94, 104],
		groundFar: [140, 132, 116],
		groundNear: [92, 84, 70],
		concrete: [164, 158, 148],
		foliage: [58, 70, 50]
	},
	urban: {
		skyTop: [118, 130, 146],
		skyHorizon: [198, 198, 194],
		ridge: [128, 128, 132],
		groundFar: [130, 128, 122],
		groundNear: [82, 82, 80],
		concrete: [170, 164, 154],
		foliage: [70, 84, 60]
	},
	coast: {
		skyTop: [90, 148, 200],
		skyHorizon: [222, 228, 228],
		ridge: [120, 130, 120],
		groundFar: [214, 196, 156],
		groundNear: [162, 138, 100],
		concrete: [214, 208, 196],
		foliage: [70, 96, 60]
	}
};

type Light = 'day' | 'golden' | 'overcast' | 'dusk';

function lit(p: Palette, light: Light): Palette & { sun: Rgb | null; exposure: number } {
	switch (light) {
		case 'day':
			return { ...p, sun: [255, 250, 232], exposure: 1 };
		case 'golden':
			return { ...p, skyHorizon: mix(p.skyHorizon, [246, 192, 130], 0.6), sun: [255, 214, 150], exposure: 0.92 };
		case 'overcast': {
			const grey = (c: Rgb): Rgb => mix(c, [(c[0] + c[1] + c[2]) / 3, (c[0] + c[1] + c[2]) / 3, (c[0] + c[1] + c[2]) / 3], 0.6);
			return {
				...p,
				skyTop: [150, 156, 162],
				skyHorizon: [196, 198, 198],
				ridge: grey(p.ridge),
				groundFar: grey(p.groundFar),
				groundNear: grey(p.groundNear),
				concrete: grey(p.concrete),
				foliage: grey(p.foliage),
				sun: null,
				exposure: 0.9
			};
		}
		case 'dusk':
			return {
				...p,
				skyTop: [38, 46, 84],
				skyHorizon: [222, 134, 92],
				ridge: shade(p.ridge, 0.45),
				groundFar: shade(p.groundFar, 0.55),
				groundNear: shade(p.groundNear, 0.45),
				concrete: shade(p.concrete, 0.6),
				foliage: shade(p.foliage, 0.5),
				sun: [255, 170, 110],
				exposure: 0.85
			};
	}
}

function pick<T>(rnd: () => number, items: readonly T[]): T {
	return items[Math.floor(rnd() * items.length)];
}

/** Sum of a few sines with random phases: smooth ridge lines, cheap to evaluate per column. */
function ridgeLine(rnd: () => number, base: number, amplitude: number): (x: number) => number {
	const waves = Array.from({ length: 4 }, (_, i) => ({
		f: (0.004 + rnd() * 0.006) * (i + 1) ** 1.6,
		p: rnd() * Math.PI * 2,
		a: amplitude / (i + 1) ** 1.2
	}));
	return (x) => {
		let h = 0;
		for (const w of waves) h += w.a * (0.5 + 0.5 * Math.sin(x * w.f + w.p));
		return base - h;
	};
}

export function paintScene(r: Raster, seed: number, framing: Framing): void {
	const rnd = prng(seed);
	const { width: W, height: H } = r;
	const biome = pick(rnd, ['desert', 'steppe', 'mountain', 'urban', 'coast'] as const);
	const light = pick(rnd, ['day', 'day', 'golden', 'overcast', 'dusk'] as const);
	const p = lit(BIOMES[biome], light);
	// The poster is framed wider and tilted up: lower horizon, larger subjects.
	const zoom = framing === 'poster' ? 1.25 : 1;
	const horizon = Math.round(H * (framing === 'poster' ? 0.46 + rnd() * 0.08 : 0.54 + rnd() * 0.08));

	r.verticalGradient(0, horizon + 1, [
		[0, p.skyTop],
		[0.7, mix(p.skyTop, p.skyHorizon, 0.55)],
		[1, p.skyHorizon]
	]);

	if (p.sun) {
		const sx = W * (0.1 + rnd() * 0.8);
		const sy = light === 'dusk' || light === 'golden' ? horizon - 20 - rnd() * 60 : horizon * (0.15 + rnd() * 0.35);
		r.fillEllipse(sx, sy, 220, 160, p.sun, 0.28, 1);
		r.fillEllipse(sx, sy, 16, 16, p.sun, 0.95, 0.3);
	}

	const clouds = Math.floor(rnd() * (light === 'overcast' ? 10 : 6));
	for (let i = 0; i < clouds; i++) {
		const cx = rnd() * W;
		const cy = horizon * (0.1 + rnd() * 0.6);
		const tone: Rgb = light === 'dusk' ? [176, 120, 120] : light === 'overcast' ? [170, 172, 176] : [246, 246, 244];
		for (let k = 0; k < 4; k++) {
			r.fillEllipse(cx + (rnd() - 0.5) * 140, cy + (rnd() - 0.5) * 18, 50 + rnd() * 80, 12 + rnd() * 16, tone, 0.35, 1);
		}
	}

	// Two ridges: the far one hazed towards the sky colour (aerial perspective).
	const ridgeScale = biome === 'mountain' ? 2.2 : biome === 'urban' ? 0.5 : 1;
	r.fillBelow(ridgeLine(rnd, horizon, 40 * ridgeScale), horizon + 1, mix(p.skyHorizon, p.ridge, 0.35));
	r.fillBelow(ridgeLine(rnd, horizon + 2, 22 * ridgeScale), horizon + 1, mix(p.skyHorizon, p.ridge, 0.7));

	r.verticalGradient(horizon, H, [
		[0, p.groundFar],
		[1, p.groundNear]
	]);
	// Where the land starts: on the coast a band of sea lies between the horizon and the beach.
	const sea = biome === 'coast' ? Math.round((H - horizon) * 0.12) : 0;
	const land = horizon + sea;
	if (sea > 0) {
		r.fillRect(0, horizon, W, sea, mix([58, 98, 128], p.skyHorizon, 0.25));
		for (let i = 0; i < 30; i++) {
			r.fillRect(rnd() * W, horizon + 2 + rnd() * (H - horizon) * 0.1, 10 + rnd() * 40, 1, [236, 240, 240], 0.4);
		}
	}

	// Furrows and tracks: thin streaks, thicker nearer the camera.
	for (let i = 0; i < 90; i++) {
		const t = rnd() ** 1.6;
		const y = land + 4 + t * (H - land - 4);
		const len = (20 + rnd() * 120) * (0.3 + t * 2);
		r.fillRect(rnd() * W - len / 2, y, len, Math.max(1, t * 4), rnd() < 0.5 ? shade(p.groundNear, 0.8) : shade(p.groundFar, 1.08), 0.35);
	}

	if (rnd() < 0.6) paintRoad(r, rnd, land, p.groundNear);

	const buildings = biome === 'urban' ? 10 + Math.floor(rnd() * 10) : Math.floor(rnd() * 7);
	const clusterX = W * (0.15 + rnd() * 0.7);
	const spread = biome === 'urban' ? W : 260;
	for (let i = 0; i < buildings; i++) {
		const bx = biome === 'urban' ? rnd() * W : clusterX + (rnd() - 0.5) * spread;
		paintBuilding(r, rnd, bx, horizon + 2 + rnd() * (sea > 0 ? 0 : 8), zoom * (biome === 'urban' ? 1.4 : 1), p.concrete);
	}
	if (rnd() < 0.5) paintMast(r, rnd() * W, horizon + 4, (60 + rnd() * 60) * zoom, shade(p.ridge, 0.5));

	for (let i = 0; i < 14 + rnd() * 30; i++) {
		const t = rnd() ** 2;
		const y = land + 3 + t * (H - land) * 0.8;
		const s = (0.4 + t * 2.4) * zoom;
		r.fillEllipse(rnd() * W, y, 6 * s + rnd() * 6 * s, 4 * s, shade(p.foliage, 0.8 + rnd() * 0.4), 0.9, 0.25);
	}

	const vehicles = Math.floor(rnd() * 4);
	for (let i = 0; i < vehicles; i++) {
		const t = 0.15 + rnd() * 0.65;
		paintVehicle(r, rnd, rnd() * W, land + t * (H - land), (0.35 + t * 1.4) * zoom);
	}

	if (rnd() < 0.45) paintSmoke(r, rnd, clusterX + (rnd() - 0.5) * 200, horizon + 4, zoom, light === 'dusk');

	if (rnd() < 0.5) {
		// A dark lip of ground in the near foreground, as if shot from behind cover.
		r.fillBelow(ridgeLine(rnd, H + 10, 50), H, shade(p.groundNear, 0.45));
	}

	finish(r, rnd, p.exposure);
}

function paintRoad(r: Raster, rnd: () => number, horizon: number, ground: Rgb): void {
	const { width: W, height: H } = r;
	const vx = W * (0.3 + rnd() * 0.4);
	const bottomX = W * (0.2 + rnd() * 0.6);
	const asphalt: Rgb = mix(ground, [70, 68, 66], 0.6);
	for (let y = horizon + 1; y < H; y++) {
		const t = (y - horizon) / (H - horizon);
		const half = 2 + t * 190;
		const cx = vx + (bottomX - vx) * t;
		r.fillRect(cx - half, y, half * 2, 1, asphalt, 0.85);
		if (Math.floor(Math.sqrt(t) * 14) % 2 === 0) r.fillRect(cx - t * 3, y, Math.max(1, t * 6), 1, [210, 200, 170], 0.6);
	}
}

function paintBuilding(r: Raster, rnd: () => number, x: number, base: number, scale: number, concrete: Rgb): void {
	const w = (18 + rnd() * 50) * scale;
	const h = (12 + rnd() * 40) * scale;
	const wall = shade(concrete, 0.75 + rnd() * 0.35);
	r.fillRect(x, base - h, w, h, wall);
	r.fillRect(x + w * 0.65, base - h, w * 0.35, h, shade(wall, 0.8)); // side in shade
	const rows = Math.max(1, Math.floor(h / (9 * scale)));
	const cols = Math.max(1, Math.floor(w / (10 * scale)));
	for (let i = 0; i < rows; i++) {
		for (let j = 0; j < cols; j++) {
			if (rnd() < 0.3) continue;
			r.fillRect(x + (j + 0.3) * (w / cols), base - h + (i + 0.3) * (h / rows), 3 * scale, 3 * scale, [34, 32, 30], 0.85);
		}
	}
	const roof = rnd();
	if (roof < 0.15) r.fillEllipse(x + w / 2, base - h, w * 0.3, w * 0.3, shade(wall, 1.05));
	else if (roof < 0.25) r.fillRect(x + w * 0.8, base - h * 1.9, Math.max(2, 4 * scale), h * 0.9, wall);
}

function paintMast(r: Raster, x: number, base: number, h: number, c: Rgb): void {
	r.line(x, base, x, base - h, c, 2);
	for (let k = 1; k < 5; k++) r.line(x - 6 + k, base - (h * k) / 5, x + 6 - k, base - (h * k) / 5, c, 1);
	r.line(x, base - h * 0.7, x - h * 0.4, base, c, 1, 0.5);
	r.line(x, base - h * 0.7, x + h * 0.4, base, c, 1, 0.5);
}

function paintVehicle(r: Raster, rnd: () => number, x: number, y: number, s: number): void {
	const body = pick(rnd, [
		[92, 98, 66],
		[176, 160, 124],
		[214, 214, 208],
		[60, 62, 58]
	] as Rgb[]);
	const w = 70 * s;
	const h = 20 * s;
	r.fillEllipse(x + w / 2, y, w * 0.62, 5 * s, [20, 18, 16], 0.3, 0.6);
	r.fillRect(x, y - h - 6 * s, w, h, body);
	r.fillRect(x + (rnd() < 0.5 ? 0 : w * 0.62), y - h - 16 * s, w * 0.38, 12 * s, shade(body, 0.9));
	r.fillRect(x + 2 * s, y - h - 13 * s, w * 0.3, 5 * s, [40, 48, 56], 0.7);
	for (const wx of [0.18, 0.8]) r.fillEllipse(x + w * wx, y - 6 * s, 7 * s, 7 * s, [24, 24, 24]);
}

function paintSmoke(r: Raster, rnd: () => number, x: number, base: number, zoom: number, dark: boolean): void {
	const drift = (rnd() - 0.3) * 1.6;
	let cx = x;
	let cy = base;
	for (let i = 0; i < 18; i++) {
		const t = i / 18;
		const rad = (8 + t * 46) * zoom;
		const tone: Rgb = mix(dark ? [40, 38, 40] : [70, 68, 66], [190, 188, 186], t);
		r.fillEllipse(cx, cy, rad * 1.2, rad, tone, 0.45 * (1 - t * 0.8), 1);
		cx += drift * rad * 0.5 + (rnd() - 0.5) * 6;
		cy -= rad * 0.55;
	}
}

/** Vignette, exposure and luminance grain in one pass over the pixels. */
function finish(r: Raster, rnd: () => number, exposure: number): void {
	const { width: W, height: H, data } = r;
	const k = exposure * (0.35 + rnd() * 0.2);
	const cx = W / 2;
	const cy = H / 2;
	const norm = 1 / (cx * cx + cy * cy);
	const column = new Float32Array(W);
	for (let x = 0; x < W; x++) column[x] = (x - cx) * (x - cx) * norm;
	let s = (Math.floor(rnd() * 0xffffffff) | 1) >>> 0;
	// Grain is drawn per 2×2 block in a few levels: coarse grain reads as film, and the PNG
	// 'up' filter turns every second row into near-zeros, which keeps the file small.
	const grain = new Float32Array(Math.ceil(W / 2));
	for (let y = 0; y < H; y++) {
		if ((y & 1) === 0) {
			for (let g = 0; g < grain.length; g++) {
				s ^= s << 13;
				s ^= s >>> 17;
				s ^= s << 5;
				grain[g] = (((s >>> 0) % GRAIN_LEVELS) - (GRAIN_LEVELS - 1) / 2) * GRAIN_STEP;
			}
		}
		const row = exposure - k * (y - cy) * (y - cy) * norm;
		let i = y * W * 3;
		for (let x = 0; x < W; x++, i += 3) {
			const f = row - k * column[x];
			const g = grain[x >> 1];
			data[i] = data[i] * f + g;
			data[i + 1] = data[i + 1] * f + g;
			data[i + 2] = data[i + 2] * f + g;
		}
	}
}
