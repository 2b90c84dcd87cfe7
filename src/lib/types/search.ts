// What the explorer's /api/search and /api/ask answer the browser with.
import type { Component, Dataset } from './dataset';

/** A record found by a search or cited by an answer: enough to list it and to open it. */
export interface FoundRecord {
	dataset: Dataset;
	component: Component;
	uuid: string;
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

export interface SearchResult {
	mode: 'keyword' | 'meaning';
	query: string;
	hits: SearchHit[];
	totals: { dataset: Dataset; component?: Component; total: number }[];
	/** Parts the key could not search, in words. */
	notes: string[];
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
}

/** A failed turn, with what the person can do about it. */
export interface AskFailure {
	message: string;
	code?: string;
	/** The conversation is gone (expired, deleted, other credential): start a new one. */
	conversationGone?: boolean;
}
