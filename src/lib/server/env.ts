// The only reader of environment variables. Everything else receives a Settings object,
// so tests and scripts can build one without touching process.env.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const intFrom = (fallback: number, min = 0) =>
	z
		.string()
		.optional()
		.transform((v) => (v === undefined || v.trim() === '' ? fallback : Number(v)))
		.pipe(z.number().int().min(min));

const text = (fallback: string) =>
	z
		.string()
		.optional()
		.transform((v) => (v === undefined ? fallback : v.trim()));

const schema = z.object({
	PORT: intFrom(3000, 1),
	HOST: z.string().optional(),
	ORIGIN: text(''),
	ALLOWED_HOSTS: text(''),
	DATA_DIR: text('./data'),
	ICD_BASE_URL: text(''),
	ICD_API_KEY: text(''),
	EXPLORER_AUTH: z
		.string()
		.optional()
		.transform((v) => v?.trim().toLowerCase() || undefined)
		.pipe(z.enum(['single-user', 'signin'], { message: 'expected "single-user" or "signin" (or unset: single-user, on loopback only)' }).optional()),
	SESSION_SECRET: text(''),
	SESSION_IDLE_SECONDS: intFrom(1800, 60),
	SESSION_MAX_SECONDS: intFrom(43_200, 60),
	ICD_ANALYST_KEY: text(''),
	PUBLIC_MAP_STYLE_URL: text(''),
	DATASET_SIZE: intFrom(10_000, 0),
	DATASET_SEED: text('icd-2026'),
	CONVERSATION_IDLE_SECONDS: intFrom(3600, 1),
	CONVERSATION_MAX_SECONDS: intFrom(86_400, 1),
	DEFAULT_RATE: intFrom(50, 1),
	DEFAULT_BURST: intFrom(100, 1),
	DEFAULT_CREDITS: intFrom(1000, 0),
	LLM_BASE_URL: text(''),
	LLM_MODEL: text(''),
	LLM_API_KEY: text(''),
	EMBEDDINGS_BASE_URL: text(''),
	EMBEDDINGS_MODEL: text(''),
	EMBEDDINGS_API_KEY: text(''),
	DB_READERS: intFrom(os.availableParallelism(), 0),
	DB_READ_QUEUE: intFrom(256, 1),
	DB_READ_INLINE_MS: intFrom(2, 0),
	DB_READ_AHEAD: intFrom(16, 0),
	MAIN_THREAD_NICE: z
		.string()
		.optional()
		.transform((v) => (v === undefined || v.trim() === '' ? -10 : Number(v)))
		.pipe(z.number().int().min(-20).max(19)),
	DATABASE_URL: text(''),
	DATABASE_READ_URL: text(''),
	DB_POOL_SIZE: intFrom(4, 1),
	STREAM_CACHE_MB: intFrom(1024, 0),
	STREAM_CACHE_DIR: text(''),
	STREAM_CACHE_MAX_AGE_SECONDS: intFrom(86_400, 60),
	NODE_ENV: text(''),
	TEST_CLOCK_FILE: text('')
});

export interface Settings {
	port: number;
	/** HOST: the address to reach this server's own embedded service at (127.0.0.1 when unset). */
	host: string;
	/**
	 * The address the production server listens on: HOST, or adapter-node's default when HOST is
	 * unset (every interface). Decides whether single-user mode is allowed (session/mode.ts).
	 */
	listenAddress: string;
	/** Public origin of this server (adapter-node's ORIGIN); empty: taken from each request's Host header. */
	origin: string;
	/**
	 * Host names the server answers to besides loopback, IP addresses, HOST and ORIGIN's
	 * (ALLOWED_HOSTS, comma-separated; ".example.org" allows a domain and its subdomains).
	 */
	allowedHosts: string[];
	dataDir: string;
	/** Empty when the explorer uses the embedded service. */
	remoteBaseUrl: string;
	remoteApiKey: string;
	/**
	 * EXPLORER_AUTH: "single-user" (the server-held key serves every page; loopback only) or
	 * "signin" (each analyst signs in with their own service key); unset: single-user.
	 */
	auth: 'single-user' | 'signin' | undefined;
	/** Sign-in sessions: the sealing secret (empty: DATA_DIR/session-secret), idle and absolute lifetimes. */
	session: { secret: string; idleSeconds: number; maxSeconds: number };
	/** ICD_ANALYST_KEY: the key with which CLIs (npm run brief) sign in to an explorer in sign-in mode. */
	analystKey: string;
	/** An online MapLibre style; empty: the offline Natural Earth basemap. */
	mapStyleUrl: string;
	datasetSize: number;
	datasetSeed: string;
	conversationIdleSeconds: number;
	conversationMaxSeconds: number;
	/** Defaults for keys created without explicit limits (requests per second, bucket size, GenAI credits). */
	defaultRate: number;
	defaultBurst: number;
	defaultCredits: number;
	/** An OpenAI-compatible chat endpoint for Domain GenAI answers; empty: the offline answerer. */
	llm: { baseUrl: string; model: string; apiKey: string };
	/** An OpenAI-compatible embeddings endpoint for NL search's meaning signal; empty: the corpus-trained vectors. */
	embeddings: { baseUrl: string; model: string; apiKey: string };
	/**
	 * Reader worker threads for the service's queries (search, manifests, NL search, GenAI
	 * grounding), each with its own read-only SQLite connection, plus one for point reads
	 * (lookup, detail, media). Default: the available parallelism. 0: every read on the main
	 * thread, as before the readers (kept for comparison and as a fallback).
	 */
	readers: number;
	/** Reads that may wait for a reader (per pool) before new ones are refused with 503 overloaded. */
	readQueue: number;
	/**
	 * With readers: a query read whose kind lately took at most this many milliseconds runs on the
	 * main thread when that thread was idle as it came (DB_READ_INLINE_MS, default 2; 0: never).
	 * A trip to a reader costs more than such a read when nothing waits (service/reads/placement.ts).
	 */
	readInlineMs: number;
	/**
	 * With readers: geo-manifest pages read ahead for clients walking a manifest, held at most at
	 * once (DB_READ_AHEAD, default 16; 0: never). Read only while the readers' queue is empty
	 * (service/reads/read-ahead.ts).
	 */
	readAhead: number;
	/**
	 * Nice value of the main thread once the readers run (MAIN_THREAD_NICE, default -10; 0 leaves
	 * it as started): above the readers, so a lookup is not queued behind their queries for CPU
	 * (service/reads/priority.ts). Linux only; needs CAP_SYS_NICE, else the server says so.
	 */
	mainThreadNice: number;
	/**
	 * PostgreSQL instead of the embedded SQLite file (DATABASE_URL; empty: SQLite in DATA_DIR).
	 * readUrl (DATABASE_READ_URL): a read replica for the reads of the records (empty: url).
	 * poolSize (DB_POOL_SIZE): connections each reader worker, and the main thread, may open.
	 */
	database: { url: string; readUrl: string; poolSize: number };
	/**
	 * The explorer's stream cache (server/explorer/stream-cache): megabytes of DATA_DIR/stream-cache
	 * it may fill (STREAM_CACHE_MB, default 1024; 0: no cache, every load walks the manifests), and
	 * the age of a copy's whole walk after which a load walks again instead of refreshing it
	 * (STREAM_CACHE_MAX_AGE_SECONDS, default a day). dir: where (STREAM_CACHE_DIR, default
	 * DATA_DIR/stream-cache; the processes of one machine may share it).
	 */
	streamCache: { dir: string; maxBytes: number; maxAgeSeconds: number };
	/** NODE_ENV is "test": the test-only hooks (testClockFile, SIGUSR2 stops a reader) are on. */
	testing: boolean;
	/**
	 * Test-only: a file holding a clock offset in milliseconds, read on every clock reading, so an
	 * integration test can move a running server's time (conversation deadlines) without waiting.
	 * Honoured only when NODE_ENV is "test"; empty otherwise.
	 */
	testClockFile: string;
}

export class SettingsError extends Error {}

export function readSettings(env: Record<string, string | undefined> = process.env): Settings {
	const parsed = schema.safeParse(env);
	if (!parsed.success) {
		const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
		throw new SettingsError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
	}
	const e = parsed.data;
	return {
		port: e.PORT,
		host: e.HOST?.trim() || '127.0.0.1',
		listenAddress: e.HOST?.trim() || '0.0.0.0',
		origin: e.ORIGIN.replace(/\/+$/, ''),
		allowedHosts: e.ALLOWED_HOSTS.split(',')
			.map((h) => h.trim())
			.filter(Boolean),
		dataDir: path.resolve(e.DATA_DIR),
		remoteBaseUrl: e.ICD_BASE_URL.replace(/\/+$/, ''),
		remoteApiKey: e.ICD_API_KEY,
		auth: e.EXPLORER_AUTH,
		session: { secret: e.SESSION_SECRET, idleSeconds: e.SESSION_IDLE_SECONDS, maxSeconds: e.SESSION_MAX_SECONDS },
		analystKey: e.ICD_ANALYST_KEY,
		mapStyleUrl: e.PUBLIC_MAP_STYLE_URL,
		datasetSize: e.DATASET_SIZE,
		datasetSeed: e.DATASET_SEED,
		conversationIdleSeconds: e.CONVERSATION_IDLE_SECONDS,
		conversationMaxSeconds: e.CONVERSATION_MAX_SECONDS,
		defaultRate: e.DEFAULT_RATE,
		defaultBurst: e.DEFAULT_BURST,
		defaultCredits: e.DEFAULT_CREDITS,
		llm: { baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''), model: e.LLM_MODEL, apiKey: e.LLM_API_KEY },
		embeddings: { baseUrl: e.EMBEDDINGS_BASE_URL.replace(/\/+$/, ''), model: e.EMBEDDINGS_MODEL, apiKey: e.EMBEDDINGS_API_KEY },
		readers: e.DB_READERS,
		readQueue: e.DB_READ_QUEUE,
		readInlineMs: e.DB_READ_INLINE_MS,
		readAhead: e.DB_READ_AHEAD,
		mainThreadNice: e.MAIN_THREAD_NICE,
		database: { url: e.DATABASE_URL, readUrl: e.DATABASE_READ_URL || e.DATABASE_URL, poolSize: e.DB_POOL_SIZE },
		streamCache: {
			dir: path.resolve(e.STREAM_CACHE_DIR || path.join(e.DATA_DIR, 'stream-cache')),
			maxBytes: e.STREAM_CACHE_MB * 2 ** 20,
			maxAgeSeconds: e.STREAM_CACHE_MAX_AGE_SECONDS
		},
		testing: e.NODE_ENV === 'test',
		testClockFile: e.NODE_ENV === 'test' ? e.TEST_CLOCK_FILE : ''
	};
}

/** Loads ./.env into process.env for the CLIs (variables already set win). */
export function loadEnvFile(file = '.env'): void {
	if (fs.existsSync(file)) process.loadEnvFile(file);
}
