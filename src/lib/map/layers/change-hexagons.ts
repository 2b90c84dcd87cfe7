// "What changed" drawn as icons, not polygons: each flagged cell is a hexagon icon of one atlas
// (Canvas 2D), placed at the cell's centre and sized in deck.gl's common units, the units of the
// Mercator plane the grid is laid on (src/lib/changes/grid.ts), so that it covers its cell exactly
// at any zoom. Why not a PolygonLayer: it brings two programs of its own (fill and outline), and
// without a GPU compiling them froze the page for 2.6 s the first time "What changed" drew (the
// map already uses the icon program, for its cluster pies).
import { radiusOf } from '../../changes/grid';
import { CHANGE_KINDS, type ChangeKind } from '../../changes/hotspots';
import type { MapPalette } from '../../theme/palette';
import { hexagonPath } from './hexagon';

const ICON_PX = 64;
/** The hexagon's circumradius in the icon: its height is 2R, inside the icon's 64 px. */
const HEX_R = 30;
/** deck.gl's common space spans 512 units at zoom 0, as the grid's world spans 1. */
const COMMON_UNITS = 512;

export interface HexagonAtlas {
	canvas: HTMLCanvasElement;
	/** Anchored at the icon's centre (deck.gl's default is its foot), the cell's centre. */
	mapping: Record<string, { x: number; y: number; width: number; height: number; anchorY: number }>;
}

/** The icon of a kind, and of a kind the panel points at (a thicker outline). */
export const iconOf = (kind: ChangeKind, focused: boolean) => (focused ? `${kind}-focus` : kind);

/** An icon's size in common units that makes its hexagon the cell's at this grid level. */
export function iconSize(level: number): number {
	return ((2 * radiusOf(level) * COMMON_UNITS) / (2 * HEX_R)) * ICON_PX;
}

const atlases = new WeakMap<MapPalette, HexagonAtlas>();

/**
 * Outlines as the map drew them with polygons when a cell is about 48 px across (2.5 px, thicker
 * for the focused cell, thinner for a standing hotspot), scaled to the icon; the changes lightly
 * filled. One atlas per palette (theme).
 */
export function hexagonAtlas(palette: MapPalette): HexagonAtlas {
	const cached = atlases.get(palette);
	if (cached) return cached;
	const canvas = document.createElement('canvas');
	canvas.width = ICON_PX * CHANGE_KINDS.length * 2;
	canvas.height = ICON_PX;
	const ctx = canvas.getContext('2d')!;
	const mapping: HexagonAtlas['mapping'] = {};
	const scale = (2 * HEX_R) / 48;
	let x = 0;
	for (const kind of CHANGE_KINDS) {
		for (const focused of [false, true]) {
			const line = (focused ? 4.5 : kind === 'persistent' ? 1.5 : 2.5) * scale;
			const [r, g, b] = palette.changes[kind];
			const cx = x + ICON_PX / 2;
			const cy = ICON_PX / 2;
			// Inset by half the line, so the outline's outer edge is the cell's edge.
			const radius = HEX_R - line / 2;
			hexagonPath(ctx, cx, cy, radius);
			if (kind !== 'persistent') {
				ctx.fillStyle = `rgba(${r}, ${g}, ${b}, ${46 / 255})`;
				ctx.fill();
			}
			ctx.strokeStyle = `rgb(${r}, ${g}, ${b})`;
			ctx.lineWidth = line;
			ctx.lineJoin = 'round';
			ctx.stroke();
			mapping[iconOf(kind, focused)] = { x, y: 0, width: ICON_PX, height: ICON_PX, anchorY: ICON_PX / 2 };
			x += ICON_PX;
		}
	}
	const atlas = { canvas, mapping };
	atlases.set(palette, atlas);
	return atlas;
}
