// Web Mercator maths, without MapLibre: the unit square (x, y ∈ [0, 1], y down) that clusters,
// density images and drawn areas are computed in, and a map's projection to its CSS pixels.
export function mercatorX(lon: number): number {
	return lon / 360 + 0.5;
}

export function mercatorY(lat: number): number {
	const sin = Math.sin((lat * Math.PI) / 180);
	const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
	return y < 0 ? 0 : y > 1 ? 1 : y;
}

export function lonFromX(x: number): number {
	return (x - 0.5) * 360;
}

export function latFromY(y: number): number {
	const y2 = ((180 - y * 360) * Math.PI) / 180;
	return (360 * Math.atan(Math.exp(y2))) / Math.PI - 90;
}

/** A map's projection to its own CSS pixels, as the density image and the first paint take it. */
export function screenProjection(map: { project(lngLat: [number, number]): { x: number; y: number } }): (lon: number, lat: number) => [number, number] {
	return (lon, lat) => {
		const p = map.project([lon, lat]);
		return [p.x, p.y];
	};
}
