// The filters of a retrieval and what they say about the records, apart from how they are matched:
// the SQLite candidates (candidates.ts), the facet tokens (facets.ts), PostgreSQL's lists and
// Domain GenAI all read them, and none of those is imported here, so that no two of them import
// each other through it.
import type { Sql } from '../../db/sql';
import type { Component } from '../../../types/dataset';
import type { ApiKey } from '../auth/keys';
import type { Clause } from '../records/scope';
import { questionClause } from '../question/clause';
import type { QuestionFilters } from '../question/interpret';

/** The filters of a retrieval: those read from a question, or a single country (GenAI's focus). */
export type NlFilters = QuestionFilters & { country?: string };

/** Conditions on records beyond the component, or null when there are none. */
export const recordClause = (sql: Sql, key: ApiKey, f: NlFilters): Promise<Clause | null> => questionClause(sql, key, f);

export const components = (f: NlFilters): Component[] => (f.source_component ? [f.source_component] : ['video', 'image']);
