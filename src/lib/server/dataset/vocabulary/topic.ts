// What a topic of the vocabulary consists of. Templates use the syntax of ../template.ts.
//
// Slots every template may use:
//   {f} {g}        two surface forms of the topic's key term (often the same one), e.g. "convoy"
//                  and "column of vehicles"; {af} {ag} the same with "a"/"an"
//   {place} {admin} {country} {entity} {sub} {date} {month} {year} {weekday} {tod}
//   {n} a small number in words, {num} a count in digits, {medium} "video"/"photograph",
//   {media} "footage"/"image"
// Within one topic all forms share grammatical number, so templates can agree with them.
//
// A line starting with ! casts the record's entity or sub-entity as the one doing the thing
// ("{Sub} sets up a checkpoint"). It is used only when the entity plausibly acts in the topic's
// domain (an armed group at a checkpoint, a relief organisation at a distribution), not when it
// merely reports on it (a media outlet filming that checkpoint).

export type TopicDomain = 'security' | 'public' | 'humanitarian';

export interface TopicSpec {
	id: string;
	/** Topics that plausibly appear in the same material, for a record's second topic. */
	related: readonly string[];
	forms: readonly string[];
	titles: readonly string[];
	/** What the material shows, in a sentence. */
	summary: readonly string[];
	/** Analyst detail for the report. */
	report: readonly string[];
	/** What is seen. Lines starting with @ describe motion and are used for videos only. */
	visual: readonly string[];
	/** What is heard (videos only). */
	audio: readonly string[];
	/** Lines spoken on camera, as translated in transcripts (videos only). */
	speech: readonly string[];
}
