// The explorer's Ask against a deployment that does not take the embedded service's additions
// (the map's dates, component, removed parts): a real loopback server that refuses them with a
// 400, as a strict deployment would, and answers the spec's fields alone.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askOnce } from './ask';
import { ServiceClient } from './client';

const SPEC_FIELDS = new Set(['question', 'conversation_id', 'primary_country', 'entity', 'top_k']);
const bodies: Record<string, unknown>[] = [];
let server: http.Server;
let client: ServiceClient;

beforeAll(async () => {
	server = http.createServer((req, res) => {
		let text = '';
		req.on('data', (d) => (text += d));
		req.on('end', () => {
			const body = JSON.parse(text) as Record<string, unknown>;
			bodies.push(body);
			const unknown = Object.keys(body).filter((k) => !SPEC_FIELDS.has(k));
			if (unknown.length) {
				res.writeHead(400, { 'content-type': 'application/problem+json' });
				return res.end(JSON.stringify({ type: '/problems/invalid-parameter', title: 'Invalid parameter', status: 400, detail: `unknown field ${unknown[0]}` }));
			}
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(
				JSON.stringify({
					answer: 'An answer [1].',
					sources: [{ uuid: '00000000-0000-4000-8000-000000000001', citation: 1 }],
					response_id: 'r1',
					conversation_id: 'c1',
					conversation_expires_at: '2026-11-25T03:00:00Z',
					conversation_absolute_expires_at: '2026-11-26T02:00:00Z',
					usage: { prompt_tokens: 1, output_tokens: 1, total_tokens: 2 }
				})
			);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	client = new ServiceClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'k' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Ask against a deployment without the additions', () => {
	it('asks once more without the map’s dates after the 400 (which bills nothing), and says so', async () => {
		bodies.length = 0;
		const { turn, notes } = await askOnce(
			client,
			{ dataset: 'icd', question: 'What happened?', country: 'Sudan', from: '2023-01-01', to: '2024-12-31', component: 'video', ignore: ['place'] },
			new AbortController().signal
		);
		expect(turn.answer).toBe('An answer [1].');
		expect(bodies).toHaveLength(2);
		expect(bodies[0]).toMatchObject({ date_from: '2023-01-01', date_to: '2024-12-31', source_component: 'video', ignore: ['place'] });
		expect(bodies[1]).toEqual({ question: 'What happened?', primary_country: 'Sudan' });
		expect(notes.join(' ')).toMatch(/does not take the map's dates/);
	});

	it('sends a question without additions once, and a refusal of it is not asked again', async () => {
		bodies.length = 0;
		const { notes } = await askOnce(client, { dataset: 'icd', question: 'What happened?', country: 'Sudan' }, new AbortController().signal);
		expect(bodies).toHaveLength(1);
		expect(notes).toEqual([]);
	});
});
