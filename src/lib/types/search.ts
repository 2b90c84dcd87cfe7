// What the explorer's /api/search and /api/ask answer the browser with.
import type { Component, Dataset } from './dataset';

/** A record found by a search or cited by an answer: enough to list it and to open it. */
export interface FoundRecord {
	dataset: Dataset;
	component: Component;
	uuid: string;
	/** The component id: how the map names the record (RecordKey.ref), when the service gives it. */
	primary_id?: number;
	title?: string;
	primary_date?: string;
	primary_country?: string;
	entity?: string;
}

export interface SearchHit extends FoundRecord {
	second_geo_layer?: string;
	summary?: string;
	/** Meaning search: the section that matched best, and the relevance in 0..1. */
	section?: string;
	score?: number;
	/** Keyword search items carry coordinates; meaning search items are placed from the loaded records. */
	lon?: number;
	lat?: number;
}

/** The parts of a question the service recognises and can drop (`ignore`). */
export type UnderstoodGroup = 'place' | 'date' | 'organisation' | 'component';

/** One recognised part of a question, as the service reports it (docs/api.md, "How a question is understood"). */
export interface UnderstoodPart {
	kind: 'country' | 'area' | 'town' | 'entity' | 'sub_entity' | 'date' | 'component';
	group: UnderstoodGroup;
	text: string;
	label: string;
	status: 'applied' | 'overridden' | 'ignored';
	reason?: string;
	value?: string;
	country?: string;
	date_from?: string;
	date_to?: string;
	fromEarlierQuestion?: boolean;
	/** False for a real place the data has no record of (the answer is empty because of it). */
	inData?: false;
	/** What to know about the part beside its status ("the data has no record from Ukraine"). */
	note?: string;
	/** The question leaves it out ("outside Sudan"): the label says "not …". */
	excluded?: true;
}

/** Every filter the service applied: the request's and what it read from the question. */
export interface UnderstoodFilters {
	/** The countries of the places named (any of them). */
	countries: string[];
	/** The organisations named (any of them). */
	entities: string[];
	date_from?: string;
	date_to?: string;
	source_component?: Component;
}

/** How the service understood a question; absent when the service does not say (a deployment without the addition). */
export interface Interpretation {
	parts: UnderstoodPart[];
	filters: UnderstoodFilters;
	searchedText?: string;
	ignored: UnderstoodGroup[];
}

/** A figure an aggregate question asked for, computed by the service over the whole dataset. */
export interface AnswerFigures {
	kind: 'count' | 'rank' | 'trend' | 'compare' | 'changes';
	dimension?: string;
	total: number;
	/** changes: each place's expected count and how it changed. */
	groups?: { label: string; count: number; expected?: number; change?: 'new' | 'intensifying' | 'diminishing' }[];
	period?: { from: string | null; to: string | null };
	/** changes: the windows before the period it was compared with. */
	baseline?: { from: string; to: string; windows: number };
}

export interface SearchResult {
	mode: 'keyword' | 'meaning';
	query: string;
	hits: SearchHit[];
	totals: { dataset: Dataset; component?: Component; total: number }[];
	/** Parts the key could not search, in words. */
	notes: string[];
	/** Meaning search: how the question was understood. */
	interpretation?: Interpretation;
	/** The page shown (1-based) and whether the service has more past it. */
	page: number;
	more: boolean;
}

export interface AskSource extends FoundRecord {
	citation: number;
	section?: string;
	excerpt?: string;
}

export interface AskTurn {
	dataset: Dataset;
	question: string;
	answer: string;
	sources: AskSource[];
	responseId: string;
	conversationId: string;
	expiresAt?: string;
	absoluteExpiresAt?: string;
	usage?: { prompt_tokens?: number; output_tokens?: number; total_tokens?: number };
	creditsRemaining?: number;
	interpretation?: Interpretation;
	figures?: AnswerFigures;
	/** The groups this turn asked the service not to apply. */
	ignored?: UnderstoodGroup[];
	/** What the explorer has to say about how the turn was asked. */
	notes?: string[];
}

/** A failed turn, with what the person can do about it. */
export interface AskFailure {
	message: string;
	code?: string;
	/** The conversation is gone (expired, deleted, other credential): start a new one. */
	conversationGone?: boolean;
}
