// The fixed cast of the synthetic datasets: fictional organisations (any likeness to a real
// name is accidental), where and when they are active, and their sub-entities. Fixed rather
// than drawn from the seed so that names stay readable and stable across seeds; what they do,
// where and when, comes from the seed.
import type { Dataset } from '../../types/dataset';

export type OrganisationKind = 'armed group' | 'militia' | 'political movement' | 'media outlet' | 'relief organisation';

export interface Organisation {
	name: string;
	kind: OrganisationKind;
	datasets: readonly Dataset[];
	/** ISO 3166-1 alpha-2 codes of the countries it operates in, main theatre first. */
	countries: readonly string[];
	/** First and last year of activity, inclusive. */
	years: readonly [number, number];
	/** Relative share of the records it produces. */
	weight: number;
	subEntities: readonly string[];
}

const org = (
	name: string,
	kind: OrganisationKind,
	datasets: Dataset[],
	countries: string[],
	years: [number, number],
	weight: number,
	subEntities: string[]
): Organisation => ({ name, kind, datasets, countries, years, weight, subEntities });

export const ORGANISATIONS: readonly Organisation[] = [
	// Middle East, North Africa and the Sahel: the ICD theatre, covered from 2014.
	org('Two Rivers Defence Front', 'armed group', ['icd'], ['IQ', 'SY'], [2014, 2026], 1.6, [
		'Two Rivers Media Office',
		'Northern Sector Battalion',
		'Martyr Karim Brigade',
		'Desert Reconnaissance Company'
	]),
	org('Crescent Shield Brigades', 'militia', ['icd'], ['SY', 'LB'], [2014, 2021], 1.2, [
		'Crescent Shield Information Cell',
		'Coastal Mountains Battalion',
		'Orontes Valley Company'
	]),
	org('Eastern Plains Tribal Council', 'militia', ['icd'], ['SY', 'IQ'], [2015, 2024], 0.8, [
		'Council Guard Force',
		'Riverside Tribal Brigade',
		'Council Public Relations Office'
	]),
	org('Mountain Oath Fighters', 'armed group', ['icd'], ['IQ', 'SY'], [2014, 2019], 0.7, [
		'Oath Fighters Media Team',
		'Upper Valley Battalion',
		'Oath Fighters Training Directorate'
	]),
	org('Sahel Vanguard Movement', 'armed group', ['icd'], ['ML', 'BF', 'NE'], [2014, 2026], 1.5, [
		'Vanguard Media Cell',
		'Gourma Mobile Unit',
		'Liptako Battalion',
		'Niger Bend Brigade'
	]),
	org('Lake Basin Resistance Front', 'armed group', ['icd'], ['NG', 'NE', 'TD', 'CM'], [2014, 2026], 1.4, [
		'Lake Basin Media Office',
		'Islands Sector Unit',
		'Mandara Hills Battalion',
		'Southern Shore Brigade'
	]),
	org('Free Dunes Coalition', 'political movement', ['icd'], ['LY'], [2014, 2022], 0.7, [
		'Dunes Coalition Youth Committee',
		'Fezzan Liaison Office',
		'Coalition Broadcasting Unit'
	]),
	org('Western Coast Protection Force', 'militia', ['icd'], ['LY', 'TN'], [2016, 2026], 0.9, [
		'Coast Force Patrol Battalion',
		'Harbour Security Company',
		'Coast Force Media Desk'
	]),
	org('Southern Highlands Brigades', 'armed group', ['icd'], ['YE'], [2015, 2026], 1.4, [
		'Highlands Media Centre',
		'Mountain Pass Battalion',
		'Martyr Salem Brigade',
		'Highlands Artillery Company'
	]),
	org('Red Sea Coast Alliance', 'militia', ['icd'], ['YE'], [2017, 2026], 0.8, [
		'Alliance Coastal Battalion',
		'Tihama Plains Company',
		'Alliance Information Office'
	]),
	org('Valley Voice Network', 'media outlet', ['icd'], ['SY', 'LB', 'IQ', 'JO'], [2014, 2026], 1.0, [
		'Valley Voice Field Desk',
		'Valley Voice Documentary Unit',
		'Valley Voice Radio'
	]),
	org('Sahara Horizon News', 'media outlet', ['icd'], ['ML', 'NE', 'MR', 'DZ', 'LY'], [2016, 2026], 0.8, [
		'Horizon Field Reporters',
		'Horizon Radio Service',
		'Horizon Photo Desk'
	]),
	org("Nile Delta Citizens' Movement", 'political movement', ['icd'], ['EG'], [2014, 2020], 0.6, [
		'Movement Youth Wing',
		"Delta Students' Committee",
		'Movement Media Committee'
	]),
	org('Twin Wells Relief Collective', 'relief organisation', ['icd'], ['SY', 'IQ', 'LB', 'JO', 'YE'], [2014, 2026], 1.0, [
		'Twin Wells Mobile Clinics',
		'Twin Wells Food Security Team',
		'Twin Wells Shelter Programme'
	]),
	org('Green Oasis Humanitarian Network', 'relief organisation', ['icd'], ['ML', 'NE', 'BF', 'TD', 'MR'], [2016, 2026], 0.8, [
		'Oasis Water Teams',
		'Oasis Nutrition Programme',
		'Oasis Emergency Response Unit'
	]),
	org('Maghreb Youth Renewal Movement', 'political movement', ['icd'], ['DZ', 'TN', 'MA'], [2018, 2026], 0.6, [
		"Renewal Students' League",
		"Renewal Workers' Committee",
		'Renewal Online Media Team'
	]),
	org('Blue Star Battalions', 'militia', ['icd'], ['LY', 'TD', 'SD'], [2019, 2026], 0.7, [
		'Blue Star Desert Patrol',
		'Blue Star Southern Company',
		'Blue Star Media Section'
	]),

	// Active in both theatres, so they appear in both datasets.
	org('Western Frontier Defence Forces', 'armed group', ['icd', 'icdb'], ['SD', 'TD'], [2014, 2026], 1.2, [
		'Frontier Forces Media Office',
		'Frontier Rapid Column',
		'Frontier Northern Sector',
		'Jebel Marra Company'
	]),
	org('Lantern Relief Corps', 'relief organisation', ['icd', 'icdb'], ['SD', 'SO', 'YE', 'SS'], [2015, 2026], 0.9, [
		'Lantern Corps Medical Teams',
		'Lantern Corps Logistics Unit',
		'Lantern Corps Shelter Team'
	]),
	org('Meridian Broadcast Collective', 'media outlet', ['icd', 'icdb'], ['SY', 'IQ', 'YE', 'SO', 'AF', 'PK'], [2016, 2026], 0.9, [
		'Meridian Field Crews',
		'Meridian Investigations Desk',
		'Meridian Live Unit'
	]),

	// East Africa, South and Southeast Asia, Latin America: the ICDB theatre, mostly from 2017.
	org('Coastal Horn Liberation Army', 'armed group', ['icdb'], ['SO', 'KE'], [2015, 2026], 1.5, [
		'Liberation Army Media Wing',
		'Juba Valley Battalion',
		'Coastal Strike Company',
		'Martyr Abdi Brigade'
	]),
	org('Great Lakes Patriotic Brigades', 'armed group', ['icdb'], ['CD', 'UG', 'RW'], [2017, 2026], 1.3, [
		'Brigades Information Cell',
		'Forest Sector Company',
		'Lakeside Battalion',
		'Northern Highlands Column'
	]),
	org("Highland Peoples' Defence Council", 'militia', ['icdb'], ['ET'], [2018, 2026], 1.0, [
		'Council Highland Guard',
		'Council Youth Brigade',
		'Council Communication Office'
	]),
	org('River Plains Youth Militia', 'militia', ['icdb'], ['SS', 'SD'], [2017, 2024], 0.8, [
		'Riverine Youth Company',
		'Cattle Camp Guard',
		"Youth Militia Spokesman's Office"
	]),
	org('Mountain Valleys Front', 'armed group', ['icdb'], ['AF', 'PK'], [2017, 2026], 1.4, [
		'Valleys Front Media Committee',
		'Eastern Passes Battalion',
		'Martyr Gul Brigade',
		'Valleys Front Training Wing'
	]),
	org('Indus Borderlands Movement', 'political movement', ['icdb'], ['PK'], [2018, 2026], 0.7, [
		'Borderlands Youth Wing',
		"Borderlands Lawyers' Forum",
		'Borderlands Social Media Team'
	]),
	org('Delta Hills Resistance Army', 'armed group', ['icdb'], ['MM', 'TH'], [2017, 2026], 1.3, [
		'Resistance Army Information Department',
		'Hill Tracts Battalion',
		'Riverine Column',
		'Resistance Army Drone Unit'
	]),
	org('Archipelago Freedom Guard', 'armed group', ['icdb'], ['PH', 'ID'], [2017, 2025], 1.0, [
		'Freedom Guard Media Arm',
		'Island Sector Company',
		'Freedom Guard Mountain Unit'
	]),
	org('Southern Rivers Self-Defence Groups', 'militia', ['icdb'], ['CO', 'VE', 'EC'], [2017, 2026], 1.1, [
		'River Basin Bloc',
		'Border Bloc',
		'Self-Defence Communications Unit'
	]),
	org('Highland Sierra Armed Front', 'armed group', ['icdb'], ['MX', 'GT', 'HN'], [2018, 2026], 1.1, [
		'Sierra Front Checkpoint Cells',
		'Sierra Front Communications Team',
		'Sierra Front Coastal Cell'
	]),
	org('Andean Peasant Guard', 'militia', ['icdb'], ['PE', 'EC', 'CO'], [2017, 2026], 0.6, [
		'Guard Valley Committees',
		'Guard Night Patrols',
		'Guard Press Office'
	]),
	org("Common Ground Workers' Movement", 'political movement', ['icdb'], ['BR', 'VE', 'CO', 'PE'], [2017, 2026], 0.8, [
		"Workers' Movement Youth Front",
		"Workers' Movement Press Collective",
		"Rural Workers' Committee"
	]),
	org('Bay of Bengal Relief Alliance', 'relief organisation', ['icdb'], ['BD', 'MM'], [2017, 2026], 0.9, [
		'Alliance Camp Health Teams',
		'Alliance Cyclone Response Unit',
		'Alliance Food Pipeline'
	]),
	org('Dryland Relief Partnership', 'relief organisation', ['icdb'], ['SO', 'ET', 'KE', 'SS'], [2017, 2026], 0.9, [
		'Partnership Water Trucking Unit',
		'Partnership Nutrition Teams',
		'Partnership Drought Response Cell'
	]),
	org('Pacific Dawn Media', 'media outlet', ['icdb'], ['PH', 'ID', 'MM', 'TH'], [2018, 2026], 0.8, [
		'Pacific Dawn Field Unit',
		'Pacific Dawn Drone Desk',
		'Pacific Dawn Radio'
	]),
	org('Frontline Andes TV', 'media outlet', ['icdb'], ['CO', 'VE', 'PE', 'EC'], [2017, 2026], 0.8, [
		'Andes TV Field Crews',
		'Andes TV Investigations Unit',
		'Andes TV Photo Desk'
	]),
	org('Northern Coast Insurgency', 'armed group', ['icdb'], ['MZ', 'TZ'], [2017, 2026], 1.0, [
		'Insurgency Media Cell',
		'Coastal Raiding Company',
		'Riverbank Unit'
	]),
	org('Port Districts Armed Coalition', 'armed group', ['icdb'], ['HT'], [2019, 2026], 0.8, [
		'Lower Port Cell',
		'Market District Cell',
		"Coalition Spokesman's Office"
	])
];

/** Language heard in material from each country, for transcript speaker labels. */
export const LANGUAGES: Readonly<Record<string, readonly string[]>> = {
	SY: ['Arabic'],
	IQ: ['Arabic', 'Kurdish'],
	YE: ['Arabic'],
	LB: ['Arabic'],
	JO: ['Arabic'],
	LY: ['Arabic'],
	EG: ['Arabic'],
	TN: ['Arabic', 'French'],
	DZ: ['Arabic', 'French'],
	MA: ['Arabic', 'French'],
	SD: ['Arabic'],
	TD: ['Arabic', 'French'],
	ML: ['French', 'Bambara', 'Fulfulde', 'Tamasheq'],
	NE: ['French', 'Hausa', 'Fulfulde'],
	BF: ['French', 'Moore', 'Fulfulde'],
	MR: ['Hassaniya Arabic', 'French'],
	NG: ['Hausa', 'Kanuri', 'English'],
	CM: ['French', 'Fulfulde'],
	SO: ['Somali'],
	KE: ['Swahili', 'Somali', 'English'],
	ET: ['Amharic', 'Oromo'],
	SS: ['Arabic', 'Dinka', 'Nuer'],
	CD: ['Swahili', 'Lingala', 'French'],
	UG: ['Swahili', 'Luganda'],
	RW: ['Kinyarwanda', 'French'],
	MZ: ['Portuguese', 'Swahili'],
	TZ: ['Swahili'],
	AF: ['Pashto', 'Dari'],
	PK: ['Urdu', 'Pashto'],
	BD: ['Bengali', 'Rohingya'],
	MM: ['Burmese', 'Karen'],
	TH: ['Thai'],
	PH: ['Tagalog', 'Cebuano'],
	ID: ['Indonesian'],
	CO: ['Spanish'],
	VE: ['Spanish'],
	EC: ['Spanish'],
	PE: ['Spanish', 'Quechua'],
	MX: ['Spanish'],
	GT: ['Spanish'],
	HN: ['Spanish'],
	BR: ['Portuguese'],
	HT: ['Haitian Creole', 'French']
};

/** Relative activity per year: the datasets' coverage ramps up and down over time. */
export const YEAR_ACTIVITY: Readonly<Record<Dataset, Readonly<Record<number, number>>>> = {
	icd: {
		2014: 1.0,
		2015: 1.5,
		2016: 1.6,
		2017: 1.3,
		2018: 0.9,
		2019: 0.8,
		2020: 0.6,
		2021: 0.7,
		2022: 0.8,
		2023: 1.1,
		2024: 1.3,
		2025: 1.0,
		2026: 0.9
	},
	icdb: {
		2014: 0.1,
		2015: 0.2,
		2016: 0.3,
		2017: 0.9,
		2018: 1.0,
		2019: 1.1,
		2020: 1.0,
		2021: 1.3,
		2022: 1.2,
		2023: 1.3,
		2024: 1.5,
		2025: 1.3,
		2026: 1.2
	}
};

export function organisationsOf(dataset: Dataset): Organisation[] {
	return ORGANISATIONS.filter((o) => o.datasets.includes(dataset));
}

/** Every country any organisation works in: the gazetteer's selection. */
export const ALL_COUNTRIES: readonly string[] = [...new Set(ORGANISATIONS.flatMap((o) => o.countries))].sort();
