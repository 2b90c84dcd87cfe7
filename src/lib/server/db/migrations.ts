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
