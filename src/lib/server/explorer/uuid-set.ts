// The uuids a walk has already sent, so a restarted walk sends each record once. A million uuids
// per part must stay cheap: instead of strings in a Set (~100 B each) this keeps a 64-bit
// fingerprint per uuid in an open-addressing hash table (linear probing) over one Uint32Array:
// slot i holds words [2i, 2i+1]; (0, 0) marks an empty slot. Load stays under 0.6, so 1M uuids
// take 2^21 slots = 16 MiB. Two different uuids share a fingerprint with probability ~n²/2^65
// (3e-8 at a million), the price of not storing 16 bytes each.

const EMPTY_HI = 0;
const EMPTY_LO = 0;
const MAX_LOAD = 0.6;

export class UuidSet {
	private slots: Uint32Array;
	private mask: number;
	private count = 0;

	constructor(initialCapacity = 1024) {
		const capacity = 2 ** Math.ceil(Math.log2(Math.max(16, initialCapacity)));
		this.slots = new Uint32Array(capacity * 2);
		this.mask = capacity - 1;
	}

	get size(): number {
		return this.count;
	}

	/** Memory held by the table. */
	get bytes(): number {
		return this.slots.byteLength;
	}

	/** Adds a uuid (any case, dashes optional); false when it was already there. Throws on a non-uuid. */
	add(uuid: string): boolean {
		requireFingerprint(uuid);
		return this.addFingerprint();
	}

	/** Adds a uuid; false when it was already there or is not a uuid (one pass over its text for both). */
	addIfUuid(uuid: string): boolean {
		return fingerprint(uuid) && this.addFingerprint();
	}

	has(uuid: string): boolean {
		requireFingerprint(uuid);
		return this.find(fpHi, fpLo) >= 0;
	}

	private addFingerprint(): boolean {
		if (this.find(fpHi, fpLo) >= 0) return false;
		if (this.count + 1 > (this.mask + 1) * MAX_LOAD) this.grow();
		this.insert(fpHi, fpLo);
		this.count++;
		return true;
	}

	private find(hi: number, lo: number): number {
		const slots = this.slots;
		for (let i = lo & this.mask; ; i = (i + 1) & this.mask) {
			const h = slots[2 * i];
			const l = slots[2 * i + 1];
			if (h === hi && l === lo) return i;
			if (h === EMPTY_HI && l === EMPTY_LO) return -1;
		}
	}

	private insert(hi: number, lo: number): void {
		const slots = this.slots;
		let i = lo & this.mask;
		while (slots[2 * i] !== EMPTY_HI || slots[2 * i + 1] !== EMPTY_LO) i = (i + 1) & this.mask;
		slots[2 * i] = hi;
		slots[2 * i + 1] = lo;
	}

	private grow(): void {
		const old = this.slots;
		this.slots = new Uint32Array(old.length * 2);
		this.mask = old.length - 1; // old.length / 2 slots doubled, minus one
		for (let i = 0; i < old.length; i += 2) {
			if (old[i] !== EMPTY_HI || old[i + 1] !== EMPTY_LO) this.insert(old[i], old[i + 1]);
		}
	}
}

// The fingerprint of the last uuid hashed, in module state to avoid allocating per call.
let fpHi = 0;
let fpLo = 0;

/** Sets the fingerprint of a uuid; throws on text that is not one. */
function requireFingerprint(uuid: string): void {
	if (!fingerprint(uuid)) throw new TypeError(`not a uuid: ${uuid}`);
}

/** Two independent 32-bit hashes of the uuid's 128 bits (murmur3 finalizer over each word); false for text that is not a uuid. */
function fingerprint(uuid: string): boolean {
	let hi = 0x9e3779b9;
	let lo = 0x85ebca6b;
	let word = 0;
	let nibbles = 0;
	for (let i = 0; i < uuid.length; i++) {
		const c = uuid.charCodeAt(i);
		if (c === 45 /* - */) continue;
		const v = hexValue(c);
		if (v < 0 || nibbles === 32) return false;
		word = (word << 4) | v;
		if (++nibbles % 8 === 0) {
			hi = mix(hi ^ word);
			lo = mix(lo ^ Math.imul(word, 0xcc9e2d51));
			word = 0;
		}
	}
	if (nibbles !== 32) return false;
	fpHi = hi >>> 0;
	fpLo = lo >>> 0;
	if (fpHi === EMPTY_HI && fpLo === EMPTY_LO) fpLo = 1;
	return true;
}

function mix(h: number): number {
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	h ^= h >>> 16;
	return h;
}

function hexValue(c: number): number {
	if (c >= 48 && c <= 57) return c - 48;
	if (c >= 97 && c <= 102) return c - 87;
	if (c >= 65 && c <= 70) return c - 55;
	return -1;
}
