// What each kind of organisation puts out, and the shapes its campaigns and the spike events
// take: the weights and ranges the theatre planner draws from.
import { DAYS } from './calendar';
import type { OrganisationKind } from './organisations';

export type CampaignKind = 'offensive' | 'mobilisation' | 'march' | 'series' | 'relief';
export type TopicMix = readonly (readonly [topic: string, weight: number])[];

/** What an organisation's material is about when it is not part of a campaign or event. */
export const KIND_TOPICS: Record<OrganisationKind, TopicMix> = {
	'armed group': [
		['convoy', 3],
		['drone', 2],
		['artillery', 2],
		['training', 2],
		['weapons', 2],
		['checkpoint', 1.5],
		['funeral', 1.2],
		['ceremony', 1],
		['recruitment', 1],
		['interview', 1],
		['arrests', 1],
		['damage', 0.8],
		['border', 0.7],
		['rally', 0.5],
		['ceasefire', 0.4],
		['negotiations', 0.4]
	],
	militia: [
		['checkpoint', 3],
		['convoy', 2],
		['arrests', 1.5],
		['weapons', 1.5],
		['training', 1],
		['funeral', 1],
		['ceremony', 1],
		['interview', 1],
		['negotiations', 1],
		['border', 1],
		['recruitment', 1],
		['rally', 0.8],
		['artillery', 0.8],
		['drone', 0.7]
	],
	'political movement': [
		['rally', 4],
		['protest', 3],
		['interview', 2],
		['negotiations', 1.5],
		['arrests', 1],
		['funeral', 1],
		['ceremony', 1],
		['recruitment', 0.7],
		['ceasefire', 0.5]
	],
	'media outlet': [
		['interview', 3],
		['displacement', 1.5],
		['damage', 1.5],
		['rally', 1],
		['protest', 1],
		['funeral', 1],
		['drone', 1],
		['convoy', 0.7],
		['flood', 0.7],
		['aid', 0.7],
		['medical', 0.7],
		['artillery', 0.7],
		['border', 0.5],
		['checkpoint', 0.5]
	],
	'relief organisation': [
		['aid', 4],
		['displacement', 3],
		['medical', 2.5],
		['flood', 1.5],
		['damage', 1.5],
		['border', 1],
		['interview', 0.8],
		['negotiations', 0.3]
	]
};

export const CAMPAIGN_KINDS: Record<OrganisationKind, TopicMix> = {
	'armed group': [
		['offensive', 3],
		['mobilisation', 1]
	],
	militia: [
		['offensive', 2],
		['mobilisation', 1]
	],
	'political movement': [['march', 1]],
	'media outlet': [['series', 1]],
	'relief organisation': [['relief', 1]]
};

export interface CampaignShape {
	topics: TopicMix;
	/** Duration in days and number of towns visited, as inclusive ranges. */
	days: [number, number];
	stops: [number, number];
	/** Campaigns started per year of an organisation's activity. */
	perYear: number;
}

export const CAMPAIGN_SHAPES: Record<CampaignKind, CampaignShape> = {
	offensive: {
		topics: [
			['convoy', 3],
			['artillery', 2.5],
			['drone', 2],
			['checkpoint', 1.5],
			['weapons', 1.5],
			['funeral', 1],
			['displacement', 1],
			['damage', 1],
			['arrests', 0.7],
			['medical', 0.5]
		],
		days: [20, 110],
		stops: [3, 8],
		perYear: 0.8
	},
	mobilisation: {
		topics: [
			['recruitment', 3],
			['training', 3],
			['ceremony', 2],
			['rally', 1],
			['weapons', 1]
		],
		days: [10, 40],
		stops: [2, 4],
		perYear: 0.4
	},
	march: {
		topics: [
			['protest', 3],
			['rally', 3],
			['arrests', 1.5],
			['interview', 1],
			['funeral', 0.5],
			['negotiations', 0.5]
		],
		days: [5, 30],
		stops: [3, 7],
		perYear: 0.7
	},
	series: {
		topics: [
			['interview', 3],
			['displacement', 1.5],
			['damage', 1.5],
			['medical', 1],
			['funeral', 1],
			['checkpoint', 0.7],
			['protest', 0.7],
			['flood', 0.5]
		],
		days: [15, 60],
		stops: [3, 6],
		perYear: 0.6
	},
	relief: {
		topics: [
			['aid', 4],
			['displacement', 2.5],
			['medical', 2],
			['flood', 1],
			['damage', 1],
			['border', 0.7]
		],
		days: [25, 120],
		stops: [3, 7],
		perYear: 0.7
	}
};

export interface EventShape {
	name: (place: string, admin: string, day: number) => string;
	topics: TopicMix;
	days: [number, number];
}

export const EVENT_SHAPES: readonly EventShape[] = [
	{
		name: (_p, admin, d) => `the ${DAYS[d].year} floods in ${admin}`,
		topics: [
			['flood', 4],
			['displacement', 2],
			['aid', 2],
			['damage', 1],
			['medical', 1]
		],
		days: [4, 14]
	},
	{
		name: (place) => `the battle for ${place}`,
		topics: [
			['artillery', 3],
			['convoy', 2],
			['drone', 2],
			['funeral', 2],
			['displacement', 2],
			['medical', 1],
			['damage', 1]
		],
		days: [5, 20]
	},
	{
		name: (place, _a, d) => `the ${place} ceasefire of ${DAYS[d].month}`,
		topics: [
			['ceasefire', 4],
			['negotiations', 3],
			['rally', 1],
			['ceremony', 1]
		],
		days: [3, 10]
	},
	{
		name: (place, _a, d) => `the ${DAYS[d].month} protests in ${place}`,
		topics: [
			['protest', 4],
			['rally', 2],
			['arrests', 2],
			['funeral', 1]
		],
		days: [3, 12]
	},
	{
		name: (place, _a, d) => `the ${DAYS[d].long} attack in ${place}`,
		topics: [
			['funeral', 3],
			['medical', 3],
			['damage', 2],
			['arrests', 1],
			['interview', 1]
		],
		days: [2, 7]
	},
	{
		name: (place, _a, d) => `the ${DAYS[d].year} ${place} earthquake`,
		topics: [
			['damage', 4],
			['displacement', 2],
			['aid', 2],
			['medical', 2]
		],
		days: [4, 12]
	}
];

export const EVENTS_PER_DATASET = 18;
