// The analyst's frame around every topic: how a report opens, attributes, places, dates and
// assesses material; camera and sound descriptions; words spoken regardless of topic.
// Extra slots here: {kind} (e.g. "armed group"), {akind} ("an armed group"), {campaign}, {campaignKind}, {since},
// {previous} (earlier stop of a campaign), {event}, {lang}, {duration}.
import type { OrganisationKind } from '../organisations';

export const TIMES_OF_DAY = [
	'at dawn',
	'in the early morning',
	'in the morning',
	'around midday',
	'in the afternoon',
	'at dusk',
	'in the evening',
	'after dark',
	'overnight'
];

export const SMALL_NUMBERS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'twelve'];

export const FRAMING = {
	summaryContext: [
		'The {medium} was [published|posted|circulated] by {entity} on {date}.',
		'It is attributed to {sub}, [part of|a unit of|a wing of] {entity}.',
		'[Channels|Accounts] linked to {entity} [shared|posted] it in {month}.',
		'The material was [recorded|filmed] in {admin}, {country}.'
	],
	summaryCampaign: [
		"It is part of [material from|coverage of] {campaign}, {entity}'s {campaignKind} in {admin}.",
		'The release [belongs to|accompanies] {campaign}, which [has moved|has progressed] through {admin} since {since}.'
	],
	summaryEvent: ['It was [recorded|published] during {event}.', 'The material [relates to|comes from the days of] {event}.'],
	reportOpening: [
		'[This|The] {medium} was [published|released|circulated] [by|on channels linked to] {entity}, {akind} [active|operating] in {country}, on {weekday} {date} and [shows|depicts] [activity|events] in {place}, {admin}.',
		'[Published|Released] on {date} by {entity} ({kind}), the {medium} [documents|records] [events|activity] in {place} in {admin}, {country}.',
		'{Entity}, {akind} with [a long|a growing|an established] presence in {admin}, [released|published] this {medium} from {place} on {date}.'
	],
	reportAttribution: [
		'[Logos|Watermarks|Insignia] of {sub} [appear|are visible] [in the corner of the frame|on uniforms|throughout], [linking|tying] the material to that [unit|wing] of {entity}.',
		'The [release|material] [carries|bears] the [branding|logo] of {sub}, which [handles|runs] [media output|operations] for {entity} in {admin}.',
		"[Attribution|Authorship] to {sub} [rests on|is based on] [the watermark|the uploading channel|the narrator's introduction], consistent with earlier output of {entity}."
	],
	reportCampaign: [
		"It belongs to {campaign}, {entity}'s {campaignKind} that [moved|progressed] through {previous} before reaching {place}, active since {since}.",
		'The material fits the [sequence|pattern] of {campaign}: after {previous}, the {campaignKind} [has shifted|has moved] to {place} in {month}.',
		'Analysts link the {medium} to {campaign}, the {campaignKind} of {sub} that [began|started] in {since} and [passed through|reached] {previous} earlier.'
	],
	reportCampaignStart: [
		"It [marks|appears to mark] the [start|opening phase] of {campaign}, {entity}'s {campaignKind} in {admin}, [announced|launched] in {since}.",
		'The {medium} is among the first [releases|items] of {campaign}, a {campaignKind} [led|run] by {sub} from {place}.'
	],
	reportEvent: [
		'It was [recorded|published] during {event}, which [drew|attracted] [wide|heavy] [coverage|attention] [across|in] {admin}.',
		'The {medium} [belongs to|is part of] a [surge|spike] of material [around|during] {event}.'
	],
	reportNoCampaign: [
		'No link to a [known|wider] campaign [has been|could be] [established|identified].',
		'The {medium} [does not appear|appears not] to belong to a [wider|named] operation of {entity}.'
	],
	reportDate: [
		'[The clip|The material] [surfaced|appeared] on {weekday}, {date}; [upload metadata|visible details] [are|appear] consistent with [that date|a recording shortly before].',
		'[Weather|Light] and [vegetation|shadows] are consistent with {month}, in line with the [stated|claimed] date.'
	],
	reportGeolocated: [
		'[Geolocation|Landmark matching] [places|puts] the scene [on the outskirts of|in central|north of|south of|east of|west of|near] {place}, {admin}.',
		'[Buildings|Terrain features|Roads and buildings] [visible|seen] in the {media} [match|correspond to] [satellite imagery|reference imagery] of {place}.'
	],
	reportNotGeolocated: [
		'[The exact location|The site] could not be [confirmed|geolocated]; [the|available] [coordinates|location metadata] [are|is] [missing|invalid], and {place} is given on the basis of the [narration|caption].',
		"[Geolocation|Precise geolocation] [was not possible|failed]: [no|too few] [landmarks|reference points] are [visible|identifiable], so {place}, {admin} rests on the [caption|narrator's claim]."
	],
	reportAssessment: [
		'[The material is assessed as|Analysts assess the material as] [authentic|likely authentic|probably authentic], with no [obvious|visible] signs of [editing|manipulation].',
		'[Parts|Some segments] of the {media} [appear|seem] [edited|recycled from earlier releases], so [caution|care] is [advised|needed] before drawing conclusions.',
		'[Confidence|Our confidence] in the [date and place|attribution] is [moderate|high|fair]; [claims|figures] in the narration [remain|are] unverified.'
	],
	visualFrameVideo: [
		'The {media} is [handheld|shaky|steady] and [in colour|slightly overexposed|compressed], about {duration} long, with a [watermark|logo] of {sub} in the [top|bottom] corner.',
		'[Several|A few] cuts join [shots|clips] from [different angles|a vehicle and the ground]; [captions|subtitles] in {lang} [appear|are overlaid] [at the start|throughout].',
		'[Filmed|Recorded] {tod} [on a phone|with a handheld camera|from a vehicle], the {media} [runs|lasts] about {duration}.'
	],
	visualFrameImage: [
		'The photograph is [sharp|slightly blurred|taken from a distance|taken at close range] and [carries|bears] [a watermark of {sub}|a date stamp|no visible watermark].',
		'[Taken|Shot] {tod} [from street level|from a rooftop|from a vehicle], the image shows [good|fair|limited] detail [of the scene|of faces and vehicles].',
		'The image [has been|was] [cropped|lightly edited] and [carries|shows] [a caption in {lang}|the logo of {entity}|no caption].'
	],
	audioGeneral: [
		'Speech is in {lang}[| with some code-switching].',
		'[No music is added|Background music is added at the start|A short anthem plays at the end]; [ambient|background] sound is [clear|muffled|intermittent].',
		'The narrator speaks {lang} [calmly|quickly|with emphasis]; [engine noise|crowd noise|wind noise] is [occasionally audible|faint] in the background.'
	],
	speechOpening: {
		'armed group': ['This is {sub}, [speaking|reporting] from {place}.', 'In the name of God, [we are|these are] the men of {entity}.'],
		militia: ['We are {sub}, [here|present] to protect {place}.', 'This is {place}, under the protection of {entity}.'],
		'political movement': ['Greetings to the people of {place}, from {entity}.', 'We speak [today|now] in the name of {entity}.'],
		'media outlet': ['This is {entity}, reporting from {place}, {admin}.', 'You are watching {sub}. We are in {place} today.'],
		'relief organisation': ['We are with {sub} in {place} today.', 'This is a team from {entity}, working in {place}.']
	} satisfies Record<OrganisationKind, readonly string[]>,
	speechClosing: {
		'armed group': ['Long live {entity}!', 'God is great, God is great!', 'The struggle continues until victory.'],
		militia: ['Long live {entity}!', 'We will not leave {place}.', 'Protect your land, protect your people.'],
		'political movement': ['Our movement will not be silenced.', 'See you in the squares of {place}!', 'Long live {entity}!'],
		'media outlet': ['For {entity}, this was {sub}, in {place}.', 'We will continue to follow events in {admin}.'],
		'relief organisation': ['We will return next week with more supplies.', 'Thank you to everyone who supports {entity}.']
	} satisfies Record<OrganisationKind, readonly string[]>,
	// Literal brackets would read as alternatives, so stage directions use parentheses.
	chanting: [
		'(Crowd chanting) {Entity}! {Entity}!',
		'(Chanting) [Freedom|Dignity|Victory], [freedom|dignity|victory]!',
		'(Voices in background) God is great!'
	],
	speechDate: ['Today is {weekday}, {date}.', 'It is {weekday} [morning|afternoon|evening] here in {place}.']
};

/** How the report names a campaign's kind, e.g. "offensive". */
export const CAMPAIGN_KIND_LABEL = {
	offensive: 'offensive',
	mobilisation: 'mobilisation drive',
	march: 'protest campaign',
	series: 'reporting series',
	relief: 'relief operation'
} as const;

/** Words for campaign names, combined as e.g. "Operation Iron Harvest". */
export const CAMPAIGN_WORDS = {
	adjectives: [
		'Iron',
		'Dawn',
		'Steel',
		'Desert',
		'Northern',
		'Silent',
		'Burning',
		'Crimson',
		'Resolute',
		'Swift',
		'Thunder',
		'Black',
		'Green',
		'Rising',
		'Eastern',
		'Western',
		'Southern',
		'Golden',
		'Hidden',
		'Patient'
	],
	nouns: [
		'Harvest',
		'Spear',
		'Shield',
		'Storm',
		'Wind',
		'Falcon',
		'Lion',
		'Gate',
		'Horizon',
		'River',
		'Anvil',
		'Arrow',
		'Mountain',
		'Dune',
		'Thunderbolt',
		'Oath',
		'Banner',
		'Flame',
		'Hammer',
		'Tide'
	],
	causes: ['Dignity', 'Bread', 'Water', 'Justice', 'the Disappeared', 'Land', 'Fair Wages', 'Clean Elections', 'Safe Roads'],
	seriesWords: ['Frontline', 'Roads', 'Voices', 'Witness', 'Borderlands', 'Ground Truth', 'Dispatches', 'Open Eyes'],
	seasons: ['Winter', 'Lean Season', 'Rainy Season', 'Summer', 'Emergency', 'Recovery']
};
