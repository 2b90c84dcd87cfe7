// Domain GenAI helpers: JSON posts, and a clock file that moves the spawned server's time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestServer } from './server';

export interface Turn {
	answer: string;
	sources: {
		citation: number;
		dataset: string;
		uuid: string;
		entity?: string;
		primary_country?: string;
		match_chunk_id: string;
		section_type: string;
		excerpt: string;
	}[];
	response_id: string;
	conversation_id: string;
	conversation_expires_at: string;
	conversation_absolute_expires_at: string;
	usage: { prompt_tokens: number; output_tokens: number; total_tokens: number };
	rag_prompt_tokens: number;
	rag_output_tokens: number;
	rag_total_tokens: number;
	credits_remaining: number;
	answer_provider: string;
}

export function post(server: TestServer, dataset: string, body: unknown, key?: string): Promise<Response> {
	return server.get(`/v1/${dataset}/domain-genai`, key, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

export function remove(server: TestServer, dataset: string, id: string, key?: string): Promise<Response> {
	return server.get(`/v1/${dataset}/domain-genai/conversations/${encodeURIComponent(id)}`, key, { method: 'DELETE' });
}

/** A clock offset file for TEST_CLOCK_FILE: advance(ms) moves the server's clock forward. */
export function testClock(): { file: string; advance(ms: number): void; offset(): number } {
	const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'icd-clock-')), 'offset');
	let offset = 0;
	fs.writeFileSync(file, '0');
	return {
		file,
		advance(ms) {
			offset += ms;
			fs.writeFileSync(file, String(offset));
		},
		offset: () => offset
	};
}

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
