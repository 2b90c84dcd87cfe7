// A tiny template language for the text vocabulary, compiled once and filled millions of times.
//   {slot}        value of a slot; {Slot} the same value with its first letter capitalised
//   [a|b|c]       one alternative, chosen per fill: paraphrase variety without more template lines
// Alternatives may contain slots but not other alternatives.
import type { Random } from './random';

export type Slots = Record<string, string>;

type Part = string | { slot: string; capital: boolean } | Part[][];

export interface Template {
	fill(slots: Slots, random: Random): string;
}

const TOKEN = /\{(\w+)\}|\[([^\]]*)\]/g;

function parse(text: string): Part[] {
	const parts: Part[] = [];
	let last = 0;
	for (const match of text.matchAll(TOKEN)) {
		if (match.index > last) parts.push(text.slice(last, match.index));
		if (match[1]) {
			const name = match[1];
			parts.push({ slot: name[0].toLowerCase() + name.slice(1), capital: name[0] !== name[0].toLowerCase() });
		} else {
			parts.push(match[2].split('|').map(parse));
		}
		last = match.index + match[0].length;
	}
	if (last < text.length) parts.push(text.slice(last));
	return parts;
}

function render(parts: Part[], slots: Slots, random: Random): string {
	let out = '';
	for (const part of parts) {
		if (typeof part === 'string') out += part;
		else if (Array.isArray(part)) out += render(part[random.int(part.length)], slots, random);
		else {
			const value = slots[part.slot];
			if (value === undefined) throw new Error(`Template slot {${part.slot}} has no value`);
			out += part.capital ? capitalise(value) : value;
		}
	}
	return out;
}

export function capitalise(text: string): string {
	return text.length === 0 ? text : text[0].toUpperCase() + text.slice(1);
}

export function compile(text: string): Template {
	const parts = parse(text);
	return {
		fill(slots, random) {
			const out = render(parts, slots, random);
			// A value ending in a full stop ("Bogotá D.C.") before the sentence's own.
			return out.includes('..') ? out.replace(/\.{2,}/g, '.') : out;
		}
	};
}

export function compileAll(texts: readonly string[]): Template[] {
	return texts.map(compile);
}

/** "a convoy", "an armoured column", "a UAV" (initialisms spoken letter by letter keep "a" unless they start with a vowel sound). */
export function withArticle(noun: string): string {
	const first = noun[0];
	const spelledOut = /^[A-Z]{2,}/.test(noun);
	const vowelSound = spelledOut ? 'AEFHILMNORSX'.includes(first) : 'aeiouAEIOU'.includes(first);
	return `${vowelSound ? 'an' : 'a'} ${noun}`;
}
