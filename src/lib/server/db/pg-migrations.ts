// The PostgreSQL schema, versioned like the SQLite one (db/migrations.ts): append a migration,
// never edit one that has shipped. Applied under an advisory lock, so that instances starting at
// once apply each migration once. The tables mirror SQLite's, with PostgreSQL's full-text search
// in place of FTS5: one table of tsvectors per component for keyword search (weights A–D: title,
// summary, report, transcript) and one per component for the natural language chunks.
import type pg from 'pg';
import { COMPONENT_TABLES } from './migrations';

/** Text columns compare and sort byte-wise ("C"), as SQLite's do, whatever the database's locale. */
const text = 'text COLLATE "C"';

const perComponent = (f: (table: string) => string) => COMPONENT_TABLES.map(f).join('\n');

export const PG_MIGRATIONS: { version: number; name: string; sql: string }[] = [
	{
		version: 1,
		name: 'records, search indexes, keys, conversations, credits, rate-limit buckets',
		sql: `
CREATE TABLE meta (key ${text} PRIMARY KEY, value text NOT NULL);

CREATE TABLE records (
	id bigint PRIMARY KEY,
	dataset ${text} NOT NULL CHECK (dataset IN ('icd', 'icdb')),
	component ${text} NOT NULL CHECK (component IN ('video', 'image')),
	uuid ${text} NOT NULL UNIQUE,
	primary_id bigint NOT NULL,
	primary_date ${text} NOT NULL,
	entity ${text},
	sub_entity ${text},
	primary_country ${text},
	second_geo_layer ${text},
	dominant_lat double precision,
	dominant_long double precision,
	mappable smallint NOT NULL CHECK (mappable IN (0, 1)),
	title text,
	summary text,
	report text,
	transcript text,
	visual_analysis text,
	audio_analysis text
);
CREATE UNIQUE INDEX records_component_id ON records (dataset, component, primary_id);
CREATE INDEX records_by_date ON records (dataset, component, primary_date DESC, primary_id DESC);
CREATE INDEX records_by_country ON records (dataset, component, primary_country, primary_date DESC, primary_id DESC);
CREATE INDEX records_by_entity ON records (dataset, component, entity, primary_date DESC, primary_id DESC);
-- Geo manifest pages read this index alone (index-only scans): the keyset order and every item field.
CREATE INDEX records_geo_items ON records (dataset, component, primary_date DESC, primary_id DESC)
	INCLUDE (uuid, entity, primary_country, second_geo_layer, title, dominant_lat, dominant_long) WHERE mappable = 1;

-- English stemming (Snowball) without a stop-word list: like SQLite's porter tokenizer, every
-- word is searchable ("the" too), only its ending is folded.
CREATE TEXT SEARCH DICTIONARY icd_stem (TEMPLATE = snowball, LANGUAGE = english);
CREATE TEXT SEARCH CONFIGURATION icd_english (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION icd_english
	ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH icd_stem;

-- Keyword search: the record's text with weights A (title), B (summary), C (report), D (transcript).
${perComponent((c) => `CREATE TABLE fts_${c} (id bigint PRIMARY KEY, doc tsvector NOT NULL);\nCREATE INDEX fts_${c}_doc ON fts_${c} USING gin (doc);`)}

-- Natural language search: one row a chunk (rowid = record id * 8 + section), as in SQLite.
${perComponent((c) => `CREATE TABLE nl_${c} (rowid bigint PRIMARY KEY, body tsvector NOT NULL);\nCREATE INDEX nl_${c}_body ON nl_${c} USING gin (body);`)}

CREATE TABLE nl_terms (
	dataset ${text} NOT NULL,
	term ${text} NOT NULL,
	df integer NOT NULL,
	vector bytea NOT NULL,
	PRIMARY KEY (dataset, term)
);
CREATE TABLE nl_synonyms (word ${text} PRIMARY KEY, synonyms text NOT NULL);

CREATE TABLE api_keys (
	id ${text} PRIMARY KEY,
	name text NOT NULL,
	-- SHA-256 of the whole secret key; the key itself is never stored.
	hash bytea NOT NULL,
	datasets text NOT NULL,
	features text NOT NULL,
	entities text,
	rate double precision NOT NULL,
	burst integer NOT NULL,
	credits integer NOT NULL,
	created_at bigint NOT NULL,
	revoked_at bigint
);

-- Token buckets, shared by every instance. Unlogged: no write-ahead log for a row written on every
-- request; a crash of the database empties the table, which refills every bucket (as a restart
-- of the embedded SQLite service does).
CREATE UNLOGGED TABLE rate_buckets (
	key_id ${text} PRIMARY KEY,
	tokens double precision NOT NULL,
	updated_at bigint NOT NULL,
	allowed boolean NOT NULL
);

CREATE TABLE conversations (
	id ${text} PRIMARY KEY,
	key_id ${text} NOT NULL,
	dataset ${text} NOT NULL,
	created_at bigint NOT NULL,
	expires_at bigint NOT NULL,
	absolute_expires_at bigint NOT NULL
);
CREATE INDEX conversations_expiry ON conversations (expires_at);

CREATE TABLE conversation_turns (
	response_id ${text} PRIMARY KEY,
	conversation_id ${text} NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
	seq integer NOT NULL,
	question text NOT NULL,
	answer text NOT NULL,
	created_at bigint NOT NULL,
	constraints text,
	UNIQUE (conversation_id, seq)
);

CREATE TABLE credit_ledger (
	id bigserial PRIMARY KEY,
	key_id ${text} NOT NULL,
	response_id ${text} NOT NULL,
	credits integer NOT NULL,
	created_at bigint NOT NULL
);
CREATE INDEX credit_ledger_key ON credit_ledger (key_id, created_at);
`
	},
	{
		version: 2,
		name: 'figures: an index that answers counts by organisation, sub-entity and area within a country and period',
		// The same index as SQLite's migration 7 (genai/figures.ts groups a country and period by
		// these columns; with it the grouping reads index entries only).
		sql: `CREATE INDEX records_figures ON records (dataset, component, primary_country, primary_date, entity, sub_entity, second_geo_layer);`
	},
	{
		version: 3,
		// Written to schema_migrations as it shipped: the file it names is nl/pg-newest.ts now.
		name: 'NL search: the newest matches of each common word, stored (nl/newest-pg.ts)',
		sql: `CREATE TABLE nl_newest (dataset text NOT NULL, component text NOT NULL, term text NOT NULL, rowids bigint[] NOT NULL, ranks real[] NOT NULL, PRIMARY KEY (dataset, component, term));`
	},
	{
		version: 4,
		name: "the explorer's ended sessions (session/ended.ts)",
		// Logged, unlike the rate buckets: a crash of the database must not bring a signed-out session back.
		sql: `CREATE TABLE ended_sessions (id ${text} PRIMARY KEY, ended_at bigint NOT NULL, until bigint NOT NULL);
CREATE INDEX ended_sessions_until ON ended_sessions (until);`
	}
];

/** Any 64-bit number, the same in every instance: the lock that serialises schema changes and loads. */
export const SCHEMA_LOCK = 0x1cdb_0019;

/** Brings the schema up to date; safe to call from several instances at once. */
export async function migratePostgres(pool: pg.Pool, log: (line: string) => void = () => {}): Promise<void> {
	const client = await pool.connect();
	try {
		await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
		await client.query(
			'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())'
		);
		const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
		for (const m of PG_MIGRATIONS) {
			if (done.has(m.version)) continue;
			if (done.size > 0) log(`Migrating the database to version ${m.version} (${m.name})…`);
			await client.query('BEGIN');
			try {
				await client.query(m.sql);
				await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
				await client.query('COMMIT');
			} catch (error) {
				await client.query('ROLLBACK');
				throw error;
			}
		}
	} finally {
		await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]).catch(() => {});
		client.release();
	}
}
