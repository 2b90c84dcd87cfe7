// The groups a client can drop from a question's reading (`ignore`), in a leaf module: the
// request schemas and /openapi.json need the names without loading the reader (its lexicon,
// chrono-node), which the OpenAPI lint script (scripts/openapi.ts) would otherwise pay for.

/** What a client can drop from a reading, one group at a time. */
export const PART_GROUPS = ['place', 'date', 'organisation', 'component'] as const;
export type PartGroup = (typeof PART_GROUPS)[number];

/** The values `ignore` takes: a group, or all of them. */
export const IGNORE_VALUES = [...PART_GROUPS, 'all'] as const;
