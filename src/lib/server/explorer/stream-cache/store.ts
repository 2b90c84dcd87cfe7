// The stream cache on disk, under DATA_DIR/stream-cache: per entry (a visibility scope's stream),
//   <entry>.json               the snapshot's account (snapshot.ts), replaced whole (write, rename)
//   <entry>-<lineage>.frames   its batch frames, appended to by refreshes, never rewritten
//   <entry>-<version>.br       the whole stream of the current version, compressed once for every load
// Files only: the processes of one machine (npm start -- --workers N) share the directory, and a
// commit takes the entry's lock file so that two never write one entry at once. Entries are named
// by an HMAC of their scope (scope.ts): nothing here holds a key or anything a key could be
// checked against without the cache's own secret. Bounded in bytes: past the bound, the entries
// used least lately go (their files are deleted; a reader that has one open keeps reading it).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { SNAPSHOT_FORMAT, type Segment, type Snapshot } from './snapshot';

const SECRET_FILE = 'secret';
/** A lock older than this was left by a process that died mid-commit. */
const STALE_LOCK_MS = 60_000;

export class StreamCacheStore {
	/** Snapshots read lately, by entry, with the file's identity (another process may have replaced it). */
	private readonly snapshots = new Map<string, { stamp: string; snapshot: Snapshot }>();
	/** When each entry was last used by this process (eviction order; the file's mtime when not known here). */
	private readonly usedAt = new Map<string, number>();
	private evicting: Promise<void> | null = null;

	constructor(
		readonly dir: string,
		private readonly maxBytes: number
	) {
		fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
	}

	/** The cache's own secret (entry names, the page's cache name), created once: 'wx' so that processes starting at once agree. */
	secret(): Buffer {
		const file = path.join(this.dir, SECRET_FILE);
		try {
			fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}
		return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
	}

	private metaPath(entry: string): string {
		return path.join(this.dir, `${entry}.json`);
	}

	framesPath(entry: string, lineage: string): string {
		return path.join(this.dir, `${entry}-${lineage}.frames`);
	}

	compressedPath(entry: string, version: string): string {
		return path.join(this.dir, `${entry}-${version}.br`);
	}

	/** The entry's snapshot, or null when there is none (or it cannot be read: it is then as good as absent). */
	async read(entry: string): Promise<Snapshot | null> {
		let stat: fs.Stats;
		try {
			stat = await fsp.stat(this.metaPath(entry));
		} catch {
			this.snapshots.delete(entry);
			return null;
		}
		const stamp = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
		const known = this.snapshots.get(entry);
		if (known?.stamp === stamp) return known.snapshot;
		try {
			const snapshot = JSON.parse(await fsp.readFile(this.metaPath(entry), 'utf8')) as Snapshot;
			if (snapshot.format !== SNAPSHOT_FORMAT) return null;
			const frames = await fsp.stat(this.framesPath(entry, snapshot.lineage));
			if (frames.size < snapshot.framesBytes) return null;
			this.snapshots.set(entry, { stamp, snapshot });
			return snapshot;
		} catch {
			return null;
		}
	}

	touch(entry: string, at: number): void {
		this.usedAt.set(entry, at);
	}

	/** A segment's batch frames. */
	async readSegment(entry: string, lineage: string, segment: Segment): Promise<Uint8Array> {
		const handle = await fsp.open(this.framesPath(entry, lineage), 'r');
		try {
			const bytes = new Uint8Array(segment.length);
			const { bytesRead } = await handle.read(bytes, 0, segment.length, segment.offset);
			if (bytesRead !== segment.length) throw new Error('stream cache: a segment is cut short');
			return bytes;
		} finally {
			await handle.close();
		}
	}

	/**
	 * Writes a snapshot under the entry's lock. `frames`: bytes to append to its lineage's frames
	 * file (the file is created for a new lineage). `expected`: the current version the change was
	 * made from; when another process committed meanwhile, nothing is written and null comes back.
	 */
	async commit(entry: string, snapshot: Snapshot, frames: Uint8Array[], expected: string | null | 'any'): Promise<Snapshot | null> {
		return this.locked(entry, async () => {
			const current = await this.read(entry);
			const currentVersion = current ? current.versions[current.versions.length - 1].id : null;
			if (expected !== 'any' && currentVersion !== expected) return null;
			const framesFile = this.framesPath(entry, snapshot.lineage);
			const appending = current?.lineage === snapshot.lineage;
			const handle = await fsp.open(framesFile, appending ? 'r+' : 'w', 0o600);
			try {
				// Appended where the current account ends (a crash may have left bytes past it).
				let at = appending ? current!.framesBytes : 0;
				for (const chunk of frames) {
					await handle.write(chunk, 0, chunk.byteLength, at);
					at += chunk.byteLength;
				}
				if (at !== snapshot.framesBytes) throw new Error(`stream cache: ${at} bytes of frames written for an account of ${snapshot.framesBytes}`);
				await handle.truncate(at);
				await handle.sync();
			} finally {
				await handle.close();
			}
			const tmp = `${this.metaPath(entry)}.${process.pid}.tmp`;
			await fsp.writeFile(tmp, JSON.stringify(snapshot), { mode: 0o600 });
			await fsp.rename(tmp, this.metaPath(entry));
			this.snapshots.delete(entry);
			// What the new account no longer names: an earlier lineage's frames, earlier versions' compressed streams.
			await this.removeUnnamed(entry, snapshot);
			return snapshot;
		});
	}

	/** Writes the compressed whole stream of a version, unless the entry has moved past it meanwhile. */
	async writeCompressed(entry: string, version: string, chunks: AsyncIterable<Uint8Array>): Promise<boolean> {
		const file = this.compressedPath(entry, version);
		const tmp = `${file}.${process.pid}.tmp`;
		const handle = await fsp.open(tmp, 'w', 0o600);
		try {
			for await (const chunk of chunks) await handle.write(chunk);
		} finally {
			await handle.close();
		}
		await fsp.rename(tmp, file);
		const now = await this.read(entry);
		if (now?.versions[now.versions.length - 1].id !== version) {
			await fsp.rm(file, { force: true });
			return false;
		}
		return true;
	}

	/** The path of a version's compressed stream, if it has been written. */
	async compressed(entry: string, version: string): Promise<string | null> {
		const file = this.compressedPath(entry, version);
		try {
			await fsp.access(file);
			return file;
		} catch {
			return null;
		}
	}

	/** Forgets an entry (files and all). */
	async remove(entry: string): Promise<void> {
		this.snapshots.delete(entry);
		this.usedAt.delete(entry);
		for (const name of await this.filesOf(entry)) await fsp.rm(path.join(this.dir, name), { force: true });
	}

	/** Deletes the entries used least lately until the cache is within its bound; one pass at a time. */
	evict(keep?: string): Promise<void> {
		this.evicting ??= this.evictNow(keep).finally(() => (this.evicting = null));
		return this.evicting;
	}

	private async evictNow(keep?: string): Promise<void> {
		const entries = new Map<string, { bytes: number; usedAt: number }>();
		let total = 0;
		for (const name of await fsp.readdir(this.dir)) {
			const entry = entryOf(name);
			if (!entry) continue;
			const stat = await fsp.stat(path.join(this.dir, name)).catch(() => null);
			if (!stat) continue;
			const e = entries.get(entry) ?? { bytes: 0, usedAt: 0 };
			e.bytes += stat.size;
			e.usedAt = Math.max(e.usedAt, this.usedAt.get(entry) ?? stat.mtimeMs);
			entries.set(entry, e);
			total += stat.size;
		}
		const oldestFirst = [...entries].filter(([entry]) => entry !== keep).sort((a, b) => a[1].usedAt - b[1].usedAt);
		for (const [entry, { bytes }] of oldestFirst) {
			if (total <= this.maxBytes) break;
			await this.locked(entry, () => this.remove(entry)).catch(() => {});
			total -= bytes;
		}
	}

	private async filesOf(entry: string): Promise<string[]> {
		return (await fsp.readdir(this.dir)).filter((name) => entryOf(name) === entry);
	}

	private async removeUnnamed(entry: string, snapshot: Snapshot): Promise<void> {
		const named = new Set([
			`${entry}.json`,
			path.basename(this.framesPath(entry, snapshot.lineage)),
			path.basename(this.compressedPath(entry, snapshot.versions[snapshot.versions.length - 1].id))
		]);
		for (const name of await this.filesOf(entry)) {
			if (!named.has(name) && !name.endsWith('.tmp') && !name.endsWith('.lock')) await fsp.rm(path.join(this.dir, name), { force: true });
		}
	}

	/** Runs `work` holding the entry's lock file (across processes); waits for another holder. */
	private async locked<T>(entry: string, work: () => Promise<T>): Promise<T> {
		const lock = path.join(this.dir, `${entry}.lock`);
		for (let attempt = 0; ; attempt++) {
			try {
				await (await fsp.open(lock, 'wx', 0o600)).close();
				break;
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
				const stat = await fsp.stat(lock).catch(() => null);
				if (stat && Date.now() - stat.mtimeMs > STALE_LOCK_MS) await fsp.rm(lock, { force: true });
				else await new Promise((r) => setTimeout(r, Math.min(200, 5 * 2 ** Math.min(attempt, 6))));
			}
		}
		try {
			return await work();
		} finally {
			await fsp.rm(lock, { force: true });
		}
	}
}

/** The entry a cache file belongs to (its name up to the first '-' or '.'), or null for the secret and strays. */
function entryOf(name: string): string | null {
	const m = /^([0-9a-f]{32})[-.]/.exec(name);
	return m ? m[1] : null;
}
