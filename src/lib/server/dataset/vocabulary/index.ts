// The compiled vocabulary: every topic's templates, ready to fill.
import { compile, type Template } from '../template';
import { HUMANITARIAN_TOPICS } from './humanitarian';
import { PUBLIC_LIFE_TOPICS } from './public-life';
import { SECURITY_TOPICS } from './security';
import type { TopicDomain, TopicSpec } from './topic';

export { FRAMING, TIMES_OF_DAY, SMALL_NUMBERS, CAMPAIGN_KIND_LABEL, CAMPAIGN_WORDS } from './framing';
export type { TopicDomain } from './topic';

/** A list of lines in two casts: all of them when the entity acts, the neutral ones when it reports. */
export interface Lines {
	actor: Template[];
	observer: Template[];
}

export interface Topic {
	id: string;
	domain: TopicDomain;
	related: readonly string[];
	forms: readonly string[];
	titles: Lines;
	summary: Lines;
	report: Lines;
	/** Scene descriptions that hold for a still image as well as a video. */
	visual: Lines;
	/** Descriptions of camera or subject motion: videos only. */
	motion: Lines;
	audio: Lines;
	speech: Lines;
}

function compileLines(texts: readonly string[], what: string, allowEmpty = false): Lines {
	const actor = texts.map((t) => compile(t.replace(/^!/, '')));
	const observer = texts.filter((t) => !t.startsWith('!')).map(compile);
	if (!allowEmpty && observer.length === 0) throw new Error(`${what} has no line an observer can use`);
	return { actor, observer };
}

function compileTopic(spec: TopicSpec, domain: TopicDomain): Topic {
	const still = spec.visual.filter((v) => !v.replace(/^!/, '').startsWith('@'));
	const motion = spec.visual.filter((v) => v.replace(/^!/, '').startsWith('@')).map((v) => v.replace('@', ''));
	const name = (part: string) => `Topic ${spec.id} (${part})`;
	return {
		id: spec.id,
		domain,
		related: spec.related,
		forms: spec.forms,
		titles: compileLines(spec.titles, name('titles')),
		summary: compileLines(spec.summary, name('summary')),
		report: compileLines(spec.report, name('report')),
		visual: compileLines(still, name('visual')),
		motion: compileLines(motion, name('motion'), true),
		audio: compileLines(spec.audio, name('audio')),
		speech: compileLines(spec.speech, name('speech'))
	};
}

const ALL: Topic[] = [
	...SECURITY_TOPICS.map((s) => compileTopic(s, 'security')),
	...PUBLIC_LIFE_TOPICS.map((s) => compileTopic(s, 'public')),
	...HUMANITARIAN_TOPICS.map((s) => compileTopic(s, 'humanitarian'))
];

export const TOPICS: ReadonlyMap<string, Topic> = new Map(ALL.map((t) => [t.id, t]));

for (const t of ALL) {
	for (const r of t.related) if (!TOPICS.has(r)) throw new Error(`Topic ${t.id} lists unknown related topic ${r}`);
}

export function topic(id: string): Topic {
	const t = TOPICS.get(id);
	if (!t) throw new Error(`Unknown topic ${id}`);
	return t;
}
