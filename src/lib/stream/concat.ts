/** Byte arrays one after another, in one new array (or the one given, alone). */
export function concat(parts: Uint8Array[]): Uint8Array {
	if (parts.length === 1) return parts[0];
	const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
	let at = 0;
	for (const p of parts) {
		out.set(p, at);
		at += p.byteLength;
	}
	return out;
}
