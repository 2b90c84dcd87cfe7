// Versioned schema. Append a migration; never edit one that has shipped.
// Records of all four components share one table; each component has its own FTS5 index
// so that a keyword search scans only the component it was asked about.

export const COMPONENT_TABLES = ['icd_video', 'icd_image', 'icdb_video', 'icdb_image'] as const;

const ftsTables = COMPONENT_TABLES.map(
	(c) =>
		`CREATE VIRTUAL TABLE fts_${c} USING fts5(title, summary, report, transcript,
			content='records', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2');`
).join('\n');

export const migrations: { version: number; name: string; sql: string }[] = [
	{
		version: 1,
		name: 'records, keys, meta',
		sql: `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE records (
	id INTEGER PRIMARY KEY,
	dataset TEXT NOT NULL CHECK (dataset IN ('icd', 'icdb')),
	component TEXT NOT NULL CHECK (component IN ('video', 'image')),
	uuid TEXT NOT NULL UNIQUE,
	primary_id INTEGER NOT NULL,
	primary_date TEXT NOT NULL,
	entity TEXT,
	sub_entity TEXT,
	primary_country TEXT,
	second_geo_layer TEXT,
	dominant_lat REAL,
	dominant_long REAL,
	-- 1 when both coordinates are present and in range; only these appear in geo manifests.
	mappable INTEGER NOT NULL CHECK (mappable IN (0, 1)),
	title TEXT,
	summary TEXT,
	report TEXT,
	transcript TEXT,
	visual_analysis TEXT,
	audio_analysis TEXT
);
CREATE UNIQUE INDEX records_component_id ON records(dataset, component, primary_id);
CREATE INDEX records_by_date ON records(dataset, component, primary_date DESC, primary_id DESC);
CREATE INDEX records_by_country ON records(dataset, component, primary_country, primary_date DESC, primary_id DESC);
CREATE INDEX records_by_entity ON records(dataset, component, entity, primary_date DESC, primary_id DESC);
-- Keyset order of the geo manifests: newest first, ties broken by primary_id.
CREATE INDEX records_geo ON records(dataset, component, primary_date DESC, primary_id DESC) WHERE mappable = 1;

${ftsTables}

CREATE TABLE api_keys (
	id TEXT PRIMARY KEY,
	name TEXT NOT NULL,
	-- SHA-256 of the whole secret key; the key itself is never stored.
	hash BLOB NOT NULL,
	datasets TEXT NOT NULL,
	features TEXT NOT NULL,
	entities TEXT,
	rate REAL NOT NULL,
	burst INTEGER NOT NULL,
	credits INTEGER NOT NULL,
	created_at INTEGER NOT NULL,
	revoked_at INTEGER
);
`
	},
	{
		version: 2,
		name: 'covering index for geo manifest pages',
		// A manifest page reads 5,000 consecutive entries of this index and nothing else: no random
		// reads into the table, which at millions of records is what a page cost.
		sql: `
CREATE INDEX records_geo_items ON records(dataset, component, primary_date DESC, primary_id DESC,
	uuid, entity, primary_country, second_geo_layer, title, dominant_lat, dominant_long) WHERE mappable = 1;
DROP INDEX records_geo;
`
	}
];

const nlChunkTables = COMPONENT_TABLES.map(
	// Contentless: the text stays in records and is chunked again when needed; the index holds
	// only what ranking needs. Positions are not kept (no phrase queries), which halves its size.
	(c) => `CREATE VIRTUAL TABLE nl_${c} USING fts5(body, content='', detail='column', tokenize='porter unicode61 remove_diacritics 2');`
).join('\n');

migrations.push(
	{
		version: 3,
		name: 'natural language search: chunk indexes and the corpus-trained term model',
		sql: `
${nlChunkTables}

-- One row a distinct word of a dataset: document frequency over chunks and its latent vector.
CREATE TABLE nl_terms (
	dataset TEXT NOT NULL,
	term TEXT NOT NULL,
	df INTEGER NOT NULL,
	vector BLOB NOT NULL,
	PRIMARY KEY (dataset, term)
) WITHOUT ROWID;

-- WordNet first-sense synonyms of a word, restricted to words the datasets use.
CREATE TABLE nl_synonyms (word TEXT PRIMARY KEY, synonyms TEXT NOT NULL) WITHOUT ROWID;
`
	},
	{
		version: 4,
		name: 'Domain GenAI conversations, turns and credit ledger',
		sql: `
CREATE TABLE conversations (
	id TEXT PRIMARY KEY,
	key_id TEXT NOT NULL,
	dataset TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	-- Inactivity deadline, refreshed by each successful turn; never past absolute_expires_at.
	expires_at INTEGER NOT NULL,
	absolute_expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX conversations_expiry ON conversations(expires_at);

CREATE TABLE conversation_turns (
	response_id TEXT PRIMARY KEY,
	conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
	seq INTEGER NOT NULL,
	question TEXT NOT NULL,
	answer TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	UNIQUE (conversation_id, seq)
);

CREATE TABLE credit_ledger (
	id INTEGER PRIMARY KEY,
	key_id TEXT NOT NULL,
	response_id TEXT NOT NULL,
	credits INTEGER NOT NULL,
	created_at INTEGER NOT NULL
);
CREATE INDEX credit_ledger_key ON credit_ledger(key_id, created_at);
`
	},
	{
		version: 5,
		name: 'Domain GenAI: what each turn was understood as, for follow-ups',
		// JSON (genai/constraints.ts): the parts applied, the topic and the kind of answer, so that
		// "and in Chad?" keeps the earlier question's period and subject.
		sql: `ALTER TABLE conversation_turns ADD COLUMN constraints TEXT;`
	},
	{
		version: 6,
		name: 'natural language search: a facets column in the chunk indexes, for filters the index matches itself',
		// nl/facets.ts. The column weighs nothing in BM25, so ranking stays what it was; the index
		// is rebuilt (NL_INDEX_VERSION 3) with the facets filled in.
		sql: COMPONENT_TABLES.map(
			(c) => `DROP TABLE nl_${c};
CREATE VIRTUAL TABLE nl_${c} USING fts5(body, facets, content='', detail='column', tokenize='porter unicode61 remove_diacritics 2');
INSERT INTO nl_${c}(nl_${c}, rank) VALUES ('rank', 'bm25(1.0, 0.0)');`
		).join('\n')
	},
	{
		version: 7,
		name: 'figures: an index that answers counts by organisation, sub-entity and area within a country and period',
		// genai/figures.ts groups the records of a country and period by entity, sub_entity or
		// second_geo_layer. records_by_country holds the country and date but not those, so each
		// matching record was a table lookup: 0.2-1 s for "Which organisation was most active in
		// Sudan in 2025?" at a million records per component. Everything the grouping reads is here.
		sql: `CREATE INDEX records_figures ON records(dataset, component, primary_country, primary_date, entity, sub_entity, second_geo_layer);`
	}
);

migrations.push({
	version: 8,
	name: 'natural language search: the newest matches of common words, stored',
	// nl/newest.ts. A rowid table (not WITHOUT ROWID): each row carries up to 8 kB of rowids.
	sql: `CREATE TABLE nl_newest (dataset TEXT NOT NULL, component TEXT NOT NULL, term TEXT NOT NULL, rowids BLOB NOT NULL);
CREATE UNIQUE INDEX nl_newest_word ON nl_newest(dataset, component, term);`
});

migrations.push({
	version: 9,
	name: "the explorer's ended sessions",
	// session/ended.ts: a session's id once it has ended, or a key's "ended everything issued
	// before" mark, until the sessions concerned would have expired anyway (then swept).
	sql: `CREATE TABLE ended_sessions (id TEXT PRIMARY KEY, ended_at INTEGER NOT NULL, until INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX ended_sessions_until ON ended_sessions(until);`
});
