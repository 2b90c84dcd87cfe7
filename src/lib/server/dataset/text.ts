// Writes the analyst material of one record from its facts: title, summary, report, and for
// videos a transcript and audio analysis. A record is about one main topic and sometimes a
// second; each names its key term in one or two surface forms, so keyword search finds only
// the records that use a given wording while meaning search can relate the paraphrases.
import type { Component } from '../../types/dataset';
import { DAYS } from './calendar';
import type { Place } from './gazetteer';
import type { Organisation } from './organisations';
import type { Random } from './random';
import { capitalise, compileAll, withArticle, type Slots, type Template } from './template';
import { CAMPAIGN_KIND_LABEL, FRAMING, SMALL_NUMBERS, TIMES_OF_DAY, type Lines, type Topic } from './vocabulary';

export interface TextFacts {
	component: Component;
	day: number;
	place: Place;
	organisation: Organisation;
	subEntity: string;
	topic: Topic;
	secondTopic: Topic | null;
	/** Whether the record carries usable coordinates; the report says so. */
	mappable: boolean;
	language: string;
	campaign: { name: string; kind: keyof typeof CAMPAIGN_KIND_LABEL; firstDay: number; previous: Place | null } | null;
	event: string | null;
}

export interface RecordText {
	title: string;
	summary: string;
	report: string;
	transcript: string | null;
	visual_analysis: string;
	audio_analysis: string | null;
}

const REPORT_MIN = 400;
const REPORT_MAX = 900;
const TRANSCRIPT_MIN = 300;
const TRANSCRIPT_MAX = 800;

const compileEach = <K extends string>(groups: Record<K, readonly string[]>) =>
	Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, compileAll(v as string[])])) as Record<K, Template[]>;

const { speechOpening, speechClosing, ...framingGroups } = FRAMING;
const F = compileEach(framingGroups);
const OPENING = compileEach(speechOpening);
const CLOSING = compileEach(speechClosing);
const CHANTING_TOPICS = new Set(['rally', 'protest', 'funeral', 'ceremony', 'recruitment']);

/** Sub-entities that publish rather than act: their material reports on what others do. */
const MEDIA_SUB_ENTITY =
	/\b(Media|Information|Press|Communications?|Spokesman's|Broadcasting|Radio|Desk|Relations|Photo|Crews|Documentary|Investigations|Reporters|Live Unit|Field Unit)\b/;

/** Country names that read with an article in running text ("in the Philippines"). */
const NEEDS_ARTICLE = /^(Democratic|United|Syrian Arab|Islamic|Philippines|Central African|Netherlands|Gambia|Russian|Bolivarian|Plurinational|Lao)/;

/** One topic's lines in the cast that fits the record, with the slots that name its forms. */
interface Voice {
	topic: Topic;
	slots: Slots;
	titles: Template[];
	summary: Template[];
	report: Template[];
	visual: Template[];
	motion: Template[];
	audio: Template[];
	speech: Template[];
}

export function writeText(facts: TextFacts, random: Random): RecordText {
	const slots = baseSlots(facts, random);
	const main = voice(facts, facts.topic, slots);
	const second = facts.secondTopic ? voice(facts, facts.secondTopic, withForms(slots, facts.secondTopic, random)) : null;
	const isVideo = facts.component === 'video';
	return {
		title: capitalise(fill(main.titles, main.slots, random)),
		summary: writeSummary(facts, main, second, random),
		report: writeReport(facts, main, second, random),
		transcript: isVideo ? writeTranscript(facts, main, second, random) : null,
		visual_analysis: writeVisual(facts, main, second, random),
		audio_analysis: isVideo ? writeAudio(main, second, random) : null
	};
}

function fill(templates: Template[], slots: Slots, random: Random): string {
	return random.pick(templates).fill(slots, random);
}

/** Whether the record's entity is the one doing what a topic describes, or only reporting it. */
function acts(facts: TextFacts, topic: Topic): boolean {
	if (MEDIA_SUB_ENTITY.test(facts.subEntity)) return false;
	switch (facts.organisation.kind) {
		case 'armed group':
		case 'militia':
			return true;
		case 'political movement':
			return topic.domain === 'public';
		case 'relief organisation':
			return topic.domain === 'humanitarian';
		case 'media outlet':
			return false;
	}
}

function voice(facts: TextFacts, topic: Topic, slots: Slots): Voice {
	const cast: keyof Lines = acts(facts, topic) ? 'actor' : 'observer';
	return {
		topic,
		slots,
		titles: topic.titles[cast],
		summary: topic.summary[cast],
		report: topic.report[cast],
		visual: topic.visual[cast],
		motion: topic.motion[cast],
		audio: topic.audio[cast],
		speech: topic.speech[cast]
	};
}

/** The two surface forms of a topic's key term: half the records stick to one wording, the others paraphrase once. */
function pickForms(topic: Topic, random: Random): [string, string] {
	const f = random.pick(topic.forms);
	return [f, random.chance(0.5) ? f : random.pickOther(topic.forms, f)];
}

/** The same slots with another topic's forms. (Spread first, then plain properties: V8 keeps that fast.) */
function withForms(slots: Slots, topic: Topic, random: Random): Slots {
	const [f, g] = pickForms(topic, random);
	return { ...slots, f, g, af: withArticle(f), ag: withArticle(g) };
}

function baseSlots(facts: TextFacts, random: Random): Slots {
	const day = DAYS[facts.day];
	const isVideo = facts.component === 'video';
	const seconds = random.between(18, 540);
	const campaign = facts.campaign;
	const country = facts.place.country;
	const [f, g] = pickForms(facts.topic, random);
	// A plain literal: spreading into a literal this large first drops V8 into dictionary mode (~30x slower).
	return {
		f,
		g,
		af: withArticle(f),
		ag: withArticle(g),
		place: facts.place.name,
		admin: facts.place.admin,
		country: NEEDS_ARTICLE.test(country) ? `the ${country}` : country,
		entity: facts.organisation.name,
		kind: facts.organisation.kind,
		akind: withArticle(facts.organisation.kind),
		sub: facts.subEntity,
		date: day.long,
		month: day.month,
		year: String(day.year),
		weekday: day.weekday,
		tod: random.pick(TIMES_OF_DAY),
		n: random.pick(SMALL_NUMBERS),
		num: String(random.between(6, 60)),
		medium: isVideo ? 'video' : 'photograph',
		media: isVideo ? 'footage' : 'image',
		lang: facts.language,
		duration: seconds < 60 ? `${seconds} seconds` : `${Math.floor(seconds / 60)} minutes ${seconds % 60} seconds`,
		campaign: campaign?.name ?? '',
		campaignKind: campaign ? CAMPAIGN_KIND_LABEL[campaign.kind] : '',
		since: campaign ? DAYS[campaign.firstDay].month : '',
		previous: campaign?.previous?.name ?? '',
		event: facts.event ?? ''
	};
}

function writeSummary(facts: TextFacts, main: Voice, second: Voice | null, random: Random): string {
	const slots = main.slots;
	const sentences = [fill(main.summary, slots, random)];
	if (facts.campaign && random.chance(0.6)) sentences.push(fill(F.summaryCampaign, slots, random));
	else if (facts.event && random.chance(0.7)) sentences.push(fill(F.summaryEvent, slots, random));
	else if (random.chance(0.5)) sentences.push(fill(F.summaryContext, slots, random));
	if (second && random.chance(0.3)) sentences.push(fill(second.summary, second.slots, random));
	return sentences.join(' ');
}

/** Sentences a report may add, in the order tried, with where they go and how often. */
const OPTIONAL_REPORT = [
	{ what: 'detail', order: 2, chance: 0.7 },
	{ what: 'second topic', order: 3, chance: 0.8 },
	{ what: 'attribution', order: 3.5, chance: 0.7 },
	{ what: 'assessment', order: 7, chance: 0.7 },
	{ what: 'date', order: 5, chance: 0.4 },
	{ what: 'no campaign', order: 4, chance: 0.4 }
] as const;
/** Where the second paragraph of a long report starts: attribution onwards. */
const SECOND_PARAGRAPH_ORDER = 3.5;

/** A report reads: what and where, topic detail, who, which operation, when, where exactly, how sure. */
function writeReport(facts: TextFacts, main: Voice, second: Voice | null, random: Random): string {
	const slots = main.slots;
	const [detail1, detail2] = random.sample(main.report, 2);
	const parts: { order: number; text: string }[] = [
		{ order: 0, text: fill(F.reportOpening, slots, random) },
		{ order: 1, text: detail1.fill(slots, random) },
		{ order: 6, text: fill(facts.mappable ? F.reportGeolocated : F.reportNotGeolocated, slots, random) }
	];
	const context = facts.campaign ? (facts.campaign.previous ? F.reportCampaign : F.reportCampaignStart) : facts.event ? F.reportEvent : null;
	if (context) parts.push({ order: 4, text: fill(context, slots, random) });

	let length = parts.reduce((s, p) => s + p.text.length + 1, 0);
	for (const o of OPTIONAL_REPORT) {
		// Below the minimum length every optional sentence is taken; above it, by chance.
		if (length >= REPORT_MIN && !random.chance(o.chance)) continue;
		let text = '';
		if (o.what === 'detail') text = detail2 ? detail2.fill(slots, random) : '';
		else if (o.what === 'second topic') text = second ? fill(second.report, second.slots, random) : '';
		else if (o.what === 'attribution') text = fill(F.reportAttribution, slots, random);
		else if (o.what === 'assessment') text = fill(F.reportAssessment, slots, random);
		else if (o.what === 'date') text = fill(F.reportDate, slots, random);
		else if (!context) text = fill(F.reportNoCampaign, slots, random);
		if (!text || length + text.length + 1 > REPORT_MAX) continue;
		parts.push({ order: o.order, text });
		length += text.length + 1;
	}
	parts.sort((a, b) => a.order - b.order);
	// Long reports get a second paragraph for context and assessment, as analysts write them.
	const pieces: string[] = [];
	for (let i = 0; i < parts.length; i++) {
		const breaks = i > 0 && length > 600 && parts[i].order >= SECOND_PARAGRAPH_ORDER && parts[i - 1].order < SECOND_PARAGRAPH_ORDER;
		if (i > 0) pieces.push(breaks ? '\n\n' : ' ');
		pieces.push(parts[i].text);
	}
	return pieces.join('');
}

function writeTranscript(facts: TextFacts, main: Voice, second: Voice | null, random: Random): string {
	const slots = main.slots;
	const kind = facts.organisation.kind;
	const spoken: { text: string; speaker: number | null }[] = [];
	if (random.chance(0.7)) spoken.push({ text: fill(OPENING[kind], slots, random), speaker: 1 });
	if (random.chance(0.3)) spoken.push({ text: fill(F.speechDate, slots, random), speaker: 1 });
	for (const t of random.sample(main.speech, random.between(2, 3))) {
		spoken.push({ text: t.fill(slots, random), speaker: random.between(1, 3) });
	}
	if (second && random.chance(0.5)) spoken.push({ text: fill(second.speech, second.slots, random), speaker: random.between(2, 3) });
	if (CHANTING_TOPICS.has(facts.topic.id) || random.chance(0.15)) {
		spoken.splice(random.between(1, spoken.length), 0, { text: fill(F.chanting, slots, random), speaker: null });
	}
	if (random.chance(0.5)) spoken.push({ text: fill(CLOSING[kind], slots, random), speaker: 1 });

	// Short clips still run a few exchanges: keep talking until the transcript has substance.
	const more = [main.speech, F.speechDate, OPENING[kind], CLOSING[kind]];
	const language = facts.language === 'English' ? 'English' : `${facts.language}, translated`;
	let seconds = random.between(2, 12);
	const lines: string[] = [];
	let length = -1;
	for (let i = 0; i < spoken.length || length < TRANSCRIPT_MIN; i++) {
		const line = i < spoken.length ? spoken[i] : { text: fill(random.pick(more), slots, random), speaker: random.between(1, 3) };
		const who = line.speaker === null ? '' : `Speaker ${line.speaker} (${language}): `;
		const next = `[${clock(seconds)}] ${who}${line.text}`;
		if (length >= TRANSCRIPT_MIN && length + 1 + next.length > TRANSCRIPT_MAX) break;
		lines.push(next);
		length += 1 + next.length;
		seconds += random.between(4, 40);
	}
	return lines.join('\n');
}

function clock(seconds: number): string {
	return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

function writeVisual(facts: TextFacts, main: Voice, second: Voice | null, random: Random): string {
	const isVideo = facts.component === 'video';
	const scenes = isVideo ? [...main.visual, ...main.motion] : main.visual;
	const sentences = random.sample(scenes, random.between(1, 2)).map((t) => t.fill(main.slots, random));
	if (second && random.chance(0.4)) sentences.push(fill(second.visual, second.slots, random));
	const frame = fill(isVideo ? F.visualFrameVideo : F.visualFrameImage, main.slots, random);
	if (random.chance(0.5)) sentences.unshift(frame);
	else sentences.push(frame);
	return sentences.join(' ');
}

function writeAudio(main: Voice, second: Voice | null, random: Random): string {
	const sentences = [fill(main.audio, main.slots, random)];
	if (second && random.chance(0.3)) sentences.push(fill(second.audio, second.slots, random));
	sentences.push(...random.sample(F.audioGeneral, random.between(1, 2)).map((t) => t.fill(main.slots, random)));
	return sentences.join(' ');
}
