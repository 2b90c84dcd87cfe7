// What ordinary clients send, through the real server: search text with any punctuation, empty
// optional fields, values echoed back, null conversation ids; and what the spec states of replies
// (429 as application/json, deprecated rag_* usage aliases).
import { describe, expect, it } from 'vitest';
import { post, type Turn } from '../helpers/genai';
import { connectMcp, toolJson } from '../helpers/mcp';
import { expectProblem } from '../helpers/problem';
import { serverWithOracle } from '../helpers/server';

const t = serverWithOracle();

const search = async (text: string, extra = '') => {
	const r = await t.server.get(`/v1/icd/videos?per_page=100&search=${encodeURIComponent(text)}${extra}`);
	const body = await r.json();
	return { status: r.status, body };
};

/** Two adjacent words of four or more letters from a real title, so phrases and prefixes have something to find. */
function titleWords(): { a: string; b: string } {
	const titles = t.db
		.rows<{ title: string }>("SELECT title FROM records WHERE dataset = 'icd' AND component = 'video' ORDER BY id LIMIT 200")
		.map((r) => r.title);
	for (const title of titles) {
		const words = title.split(/\s+/);
		for (let i = 0; i + 1 < words.length; i++)
			if (/^[A-Za-z]{5,}$/.test(words[i]) && /^[A-Za-z]{4,}$/.test(words[i + 1])) return { a: words[i], b: words[i + 1] };
	}
	throw new Error('no title with two adjacent long words');
}

describe('search text: any printable text is a search', () => {
	// [label, text from the two title words, whether records must be found]
	const cases: [string, (w: { a: string; b: string }) => string, boolean][] = [
		['a word', ({ a }) => a, true],
		['upper case', ({ a }) => a.toUpperCase(), true],
		['a quoted phrase', ({ a, b }) => `"${a} ${b}"`, true],
		['an unbalanced quote', ({ a, b }) => `"${a} ${b}`, true],
		['a stray closing quote', ({ a }) => `${a}"`, true],
		['single quotes', ({ a }) => `'${a}'`, true],
		['parentheses', ({ a, b }) => `${a} (${b})`, true],
		['a parenthesised word', ({ a }) => `(${a})`, true],
		['a colon', ({ a, b }) => `${a}: ${b}`, true],
		['a column-like prefix', ({ a }) => `title:${a}`, false],
		['NEAR(', ({ a, b }) => `NEAR(${a} ${b})`, false],
		['an exclusion', ({ a }) => `${a} -zzqxwv`, true],
		['an excluded phrase', ({ a }) => `${a} -"zzqxwv yyqxwv"`, true],
		['a prefix', ({ a }) => `${a.slice(0, -2)}*`, true],
		['a prefixed phrase', ({ a, b }) => `"${a} ${b.slice(0, -1)}"*`, true],
		['a lone star', ({ a }) => `${a} *`, true],
		['a leading star', ({ a }) => `*${a}`, true],
		['a caret', ({ a }) => `^${a}`, true],
		['a plus', ({ a, b }) => `${a} +${b}`, true],
		['hyphen-joined words', ({ a, b }) => `${a}-${b}`, true],
		['AND', ({ a, b }) => `${a} AND ${b}`, false],
		['OR', ({ a, b }) => `${a} OR ${b}`, false],
		['braces and brackets', ({ a, b }) => `{${a}} [${b}]`, true],
		['a comma and a slash', ({ a, b }) => `${a},${b} / ${b}`, true],
		['a trailing period', ({ a }) => `${a}.`, true],
		['a tab', ({ a, b }) => `${a}\t${b}`, true],
		['an emoji attached', ({ a }) => `${a}🚚`, true],
		['an emoji apart', ({ a }) => `🚚 ${a}`, true],
		['Arabic', () => 'الخرطوم', false],
		['Cyrillic', () => 'Хартум', false],
		['mixed scripts', ({ a }) => `${a} Хартум`, false],
		['a title pasted with colon and parentheses', ({ a, b }) => `${a}: ${b} (video) — "${a}"`, true],
		['1,000 characters', ({ a }) => `${a} `.repeat(Math.floor(1000 / (a.length + 1))).padEnd(1000, '.'), true],
		['a backslash and percent', ({ a }) => `${a}\\ 100%`, false]
	];

	it.each(cases.map(([label, make, hits]) => [label, make, hits] as const))('%s', async (_label, make, hits) => {
		const text = make(titleWords());
		const { status, body } = await search(text);
		expect(status, `${text}: ${JSON.stringify(body)}`).toBe(200);
		if (hits) expect(body.itemsTotal, text).toBeGreaterThan(0);
	});

	it('a phrase finds the words next to each other: no more than the words anywhere, at least the title it came from', async () => {
		const { a, b } = titleWords();
		const words = (await search(`${a} ${b}`)).body.itemsTotal;
		const phrase = (await search(`"${a} ${b}"`)).body.itemsTotal;
		const reversed = (await search(`"${b} ${a}"`)).body.itemsTotal;
		expect(phrase).toBeGreaterThan(0);
		expect(phrase).toBeLessThanOrEqual(words);
		expect(reversed).toBeLessThanOrEqual(words);
	});

	it('-word excludes every record with the word, and keeps the rest', async () => {
		const { a, b } = titleWords();
		const all = (await search(a)).body.itemsTotal;
		const withB = (await search(`${a} ${b}`)).body.itemsTotal;
		const withoutB = await search(`${a} -${b}`);
		expect(withoutB.body.itemsTotal).toBe(all - withB);
		const word = new RegExp(`\\b${b}\\b`, 'i');
		for (const item of withoutB.body.items) expect(`${item.title} ${item.summary}`).not.toMatch(word);
	});

	it('word* finds at least what the whole word finds', async () => {
		const { a } = titleWords();
		expect((await search(`${a.slice(0, -2)}*`)).body.itemsTotal).toBeGreaterThanOrEqual((await search(a)).body.itemsTotal);
	});

	it('refuses text with nothing to look for, and text over 1,000 characters, naming the limit', async () => {
		for (const text of ['!!!', '"', '🚚', '-convoy', '-"a phrase"']) {
			const r = await t.server.get(`/v1/icd/videos?search=${encodeURIComponent(text)}`);
			const body = await expectProblem(r, 400, 'invalid_parameter');
			expect(body.errors).toEqual([{ param: 'search', message: expect.stringMatching(/letter or digit|word to look for/) }]);
		}
		const long = await expectProblem(await t.server.get(`/v1/icd/videos?search=${'a'.repeat(1001)}`), 400, 'invalid_parameter');
		expect(long.errors).toEqual([{ param: 'search', message: 'must be at most 1000 characters' }]);
	});

	it('random text of every kind is a 200 or a clear 400, never a 5xx (fuzz, 300 strings)', async () => {
		const pool = [
			'"',
			"'",
			'(',
			')',
			'*',
			'-',
			'+',
			'^',
			':',
			' ',
			' ',
			'NEAR(',
			'AND',
			'OR',
			'NOT',
			'{',
			'}',
			'[',
			']',
			'\\',
			'%',
			'🚚',
			'الخرطوم',
			'Хартум',
			'convoy',
			'drone',
			'attack',
			'x',
			'7',
			'\t',
			'.',
			',',
			'~',
			'@',
			'#',
			'|',
			'&',
			'='
		];
		let seed = 20261124;
		const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
		const statuses = new Map<number, number>();
		for (let i = 0; i < 300; i++) {
			let text = '';
			for (let j = 1 + rand(12); j > 0; j--) text += pool[rand(pool.length)];
			const r = await t.server.get(`/v1/icd/videos?per_page=1&search=${encodeURIComponent(text)}`);
			statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
			expect([200, 400], text).toContain(r.status);
			if (r.status === 400) expect((await r.json()).code, text).toBe('invalid_parameter');
			else await r.body?.cancel();
		}
		expect(statuses.get(200)).toBeGreaterThan(100);
	});

	it('natural language search and Domain GenAI take a pasted paragraph of up to 4,000 characters', async () => {
		const paragraph = 'Convoys of trucks on the road near the border at night (reported: "heavy"), '.repeat(60).slice(0, 4000);
		const nl = await t.server.get(`/v1/icd/nl-search?search=${encodeURIComponent(paragraph)}`);
		expect(nl.status).toBe(200);
		expect((await nl.json()).items.length).toBeGreaterThan(0);
		const turn = await post(t.server, 'icd', { question: paragraph });
		expect(turn.status).toBe(200);
		const tooLong = await expectProblem(await t.server.get(`/v1/icd/nl-search?search=${'a'.repeat(4001)}`), 400, 'invalid_parameter');
		expect(tooLong.errors).toEqual([{ param: 'search', message: 'must be at most 4000 characters' }]);
	});
});

describe('empty optional parameters mean "not given"', () => {
	it('on structured search, geo manifests and NL search; unknown names stay refused', async () => {
		const plain = (await search('convoy')).body.itemsTotal;
		const empty = await search('convoy', '&country=&entity=&date_from=&date_to=&sort=&page=&per_page=');
		expect(empty.status).toBe(200);
		expect(empty.body.itemsTotal).toBe(plain);
		const geo = await t.server.get('/v1/icd/images/geo-manifest?limit=&country=&cursor=');
		expect(geo.status).toBe(200);
		expect((await geo.json()).itemsTotal).toBe(t.db.count("dataset = 'icd' AND component = 'image' AND mappable = 1"));
		const nl = await t.server.get('/v1/icd/nl-search?search=convoy&country=&source_component=&date_from=&top_k=');
		expect(nl.status).toBe(200);
		// An empty field is not a second value; a typo is still named.
		expect((await search('convoy', '&country=&country=')).status).toBe(200);
		const typo = await expectProblem(await t.server.get('/v1/icd/videos?contry='), 400, 'invalid_parameter');
		expect(typo.errors).toEqual([{ param: 'contry', message: 'unknown parameter' }]);
		// A required parameter left empty is refused as empty.
		const required = await expectProblem(await t.server.get('/v1/icd/nl-search?search='), 400, 'invalid_parameter');
		expect(required.errors).toContainEqual({ param: 'search', message: 'must not be empty' });
	});

	it('in MCP arguments, "" and null likewise', async () => {
		const mcp = await connectMcp(t.server, '/mcp-all');
		const plain = toolJson(await mcp.call('searchIcdVideos', { search: 'convoy', per_page: 1 }));
		const blank = toolJson(await mcp.call('searchIcdVideos', { search: 'convoy', per_page: 1, country: '', entity: null, date_from: '' }));
		expect(blank.itemsTotal).toBe(plain.itemsTotal);
		await mcp.client.close();
	});
});

describe('values a client sends back as it received them', () => {
	it('source_component=all is the default that NL search echoes', async () => {
		const plain = await (await t.server.get('/v1/icd/nl-search?search=convoy&top_k=100')).json();
		const all = await t.server.get('/v1/icd/nl-search?search=convoy&top_k=100&source_component=all');
		expect(all.status).toBe(200);
		const body = await all.json();
		expect(body.source_component_filter).toBe('all');
		expect(body.itemsTotal).toBe(plain.itemsTotal);
		expect(new Set(body.items.map((i: { source_component: string }) => i.source_component)).size).toBeGreaterThan(0);
	});

	it('Domain GenAI conversation_id null or "" starts a conversation', async () => {
		for (const conversation_id of [null, '']) {
			const r = await post(t.server, 'icd', { question: 'Convoys at night?', conversation_id, primary_country: '', entity: null });
			expect(r.status, await r.clone().text()).toBe(200);
			const turn = (await r.json()) as Turn;
			expect(turn.conversation_id).toMatch(/\S{8,}/);
		}
	});
});

describe('what the spec states of replies', () => {
	it('rag_* usage aliases are deprecated in /openapi.json and in the MCP output schema', async () => {
		const doc = JSON.stringify(await (await t.server.get('/openapi.json')).json());
		for (const field of ['rag_prompt_tokens', 'rag_output_tokens', 'rag_total_tokens']) {
			expect(doc).toMatch(new RegExp(`"${field}":\\{[^}]*"deprecated":true`));
		}
		const mcp = await connectMcp(t.server, '/mcp-icd');
		const { tools } = await mcp.client.listTools();
		const chat = tools.find((tool) => tool.name === 'icdDomainGenAiChat')!;
		const props = (chat.outputSchema as { properties: Record<string, { deprecated?: boolean }> }).properties;
		expect(props.rag_total_tokens.deprecated).toBe(true);
		expect(props.usage.deprecated).toBeUndefined();
		await mcp.client.close();
	});
});
