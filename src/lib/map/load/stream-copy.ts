// The page's own copy of the record stream, in IndexedDB (a worker and an insecure origin have it,
// unlike the Cache API): the bytes of the last stream the page read, and of the later streams that
// only added to it, with the version the explorer's server gave them. On the next visit the points
// worker asks the server only for what is newer than that version, and draws the copy as soon as
// the server has said, under the analyst's own key, that it still holds (docs/explorer.md).
// One copy per browser, under a name the server derives from the analyst's key and scope: a copy
// under any other name is deleted, and signing out (or a session ending) deletes the database.

const DATABASE = 'icd-explorer-stream';
/** The copy's name, version and date: read first (small), so the request can go before the bytes are read. */
const HELD = 'held';
/**
 * The copy's bytes: streams, the first whole, each later one adding to the one before, as Blobs
 * (read back from their files about twice as fast as ArrayBuffers from the database's values).
 */
const SEGMENTS = 'segments';

export interface HeldCopy {
	name: string;
	version: string;
	/** When the server last said the copy was the service's records (ms since the epoch). */
	checkedAt: number;
	/** Streams in the copy (a later delta adds one). */
	segments: number;
}

function open(): Promise<IDBDatabase> {
	return new Promise((resolve, reject) => {
		const request = indexedDB.open(DATABASE, 1);
		request.onupgradeneeded = () => {
			request.result.createObjectStore(HELD);
			request.result.createObjectStore(SEGMENTS);
		};
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => reject(request.error);
	});
}

function done(transaction: IDBTransaction): Promise<void> {
	return new Promise((resolve, reject) => {
		transaction.oncomplete = () => resolve();
		transaction.onerror = transaction.onabort = () => reject(transaction.error);
	});
}

function value<T>(request: IDBRequest): Promise<T | undefined> {
	return new Promise((resolve, reject) => {
		request.onsuccess = () => resolve(request.result as T | undefined);
		request.onerror = () => reject(request.error);
	});
}

async function withDatabase<T>(work: (db: IDBDatabase) => Promise<T>): Promise<T> {
	const db = await open();
	try {
		return await work(db);
	} finally {
		db.close();
	}
}

/**
 * The copy held under `name`, if any, with its streams (Blobs: their bytes are read when asked
 * for); copies under other names (another analyst's, another scope's) are deleted.
 */
export function heldCopy(name: string): Promise<{ copy: HeldCopy; segments: Blob[] } | null> {
	return withDatabase(async (db) => {
		const tx = db.transaction([HELD, SEGMENTS], 'readwrite');
		const keys = await value<IDBValidKey[]>(tx.objectStore(HELD).getAllKeys());
		for (const key of keys ?? []) {
			if (key === name) continue;
			tx.objectStore(HELD).delete(key);
			tx.objectStore(SEGMENTS).delete(key);
		}
		const [copy, segments] = await Promise.all([value<HeldCopy>(tx.objectStore(HELD).get(name)), value<Blob[]>(tx.objectStore(SEGMENTS).get(name))]);
		await done(tx);
		return copy && segments && segments.length === copy.segments ? { copy, segments } : null;
	});
}

/** Keeps a copy (replacing whatever the browser held). */
export function keepCopy(copy: HeldCopy, segments: Blob[]): Promise<void> {
	return withDatabase(async (db) => {
		const tx = db.transaction([HELD, SEGMENTS], 'readwrite');
		tx.objectStore(HELD).clear();
		tx.objectStore(SEGMENTS).clear();
		tx.objectStore(SEGMENTS).put(segments, copy.name);
		tx.objectStore(HELD).put(copy, copy.name);
		await done(tx);
	});
}

/** Only the date of the copy changes: the server said nothing was new. */
export function confirmCopy(name: string, checkedAt: number): Promise<void> {
	return withDatabase(async (db) => {
		const tx = db.transaction(HELD, 'readwrite');
		const held = await value<HeldCopy>(tx.objectStore(HELD).get(name));
		if (held) tx.objectStore(HELD).put({ ...held, checkedAt }, name);
		await done(tx);
	});
}

/** How long signing out waits for the deletion (the server's Clear-Site-Data asks for it too). */
const FORGET_WAIT_MS = 2000;

/** Deletes every copy this browser holds (signing out, a session ending). */
export function forgetCopies(): Promise<void> {
	return new Promise((resolve) => {
		if (typeof indexedDB === 'undefined') return resolve();
		const request = indexedDB.deleteDatabase(DATABASE);
		// Blocked by a worker that still has it open: it closes after each use, so this resolves soon
		// after; sign-out does not wait on it for ever.
		request.onsuccess = request.onerror = () => resolve();
		setTimeout(resolve, FORGET_WAIT_MS);
	});
}
