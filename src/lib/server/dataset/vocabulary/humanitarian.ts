// Topics of humanitarian need: aid, displacement, floods, damaged infrastructure, medical care.
import type { TopicSpec } from './topic';

export const HUMANITARIAN_TOPICS: readonly TopicSpec[] = [
	{
		id: 'aid',
		related: ['displacement', 'medical', 'flood'],
		forms: ['aid distribution', 'food distribution', 'relief convoy', 'distribution of relief supplies', 'humanitarian aid delivery'],
		titles: [
			'!{Entity} [carries out|organises] {af} in {place}',
			'[Families|Residents] [queue|line up] for {af} in {place}',
			'!{Sub} [delivers|brings] [food|flour|water] in {af} to {admin}',
			'{F} [reaches|arrives in] {place} [after delays|as needs grow]'
		],
		summary: [
			'![Volunteers|Workers] from {sub} [hand out|distribute] [food parcels|flour sacks|hygiene kits|blankets] to [families|residents] in {place} during {af}.',
			'!The {media} shows {af} by {entity} in {place}, with [long queues|crowds] [waiting|gathered] [in the heat|since the morning].',
			'[Trucks|Vans] [unload|deliver] [relief supplies|food aid|water tanks] in {place} [as part of|during] {af}.'
		],
		report: [
			'The {f} [appears to|seems to] [reach|serve] [several hundred|hundreds of|around {num}] [families|households], [mainly|mostly] [women and children|displaced people].',
			'!Logos of {entity} [are visible|appear] on [sacks|boxes|vests], [and|while] [recipients|beneficiaries] [show|hold] [cards|vouchers].',
			'[Needs|Shortages] in {admin} [have risen|increased] [since|after] [recent fighting|crop failures|the floods], [according to|per] [local reports|earlier material].'
		],
		visual: [
			'[Sacks of flour|Food parcels|Boxes of supplies] are [stacked|piled] [on|beside] [a truck|a warehouse floor] while [people|families] [queue|wait] behind [a rope|a barrier].',
			'![Workers|Volunteers] in [vests|caps] [marked with|bearing] the logo of {entity} [hand over|carry] [parcels|sacks] to [women|elderly men|children].'
		],
		audio: ['[Crowd noise|Chatter] and [names being called|instructions through a megaphone] [are audible|can be heard].'],
		speech: [
			'[Please|Everyone], [stay in line|form a line], there is enough for everyone.',
			'This {f} [covers|reaches] [families|households] in {place} and [nearby villages|the camps].',
			"[We have not|We haven't] received [food|anything] for [weeks|a month]."
		]
	},
	{
		id: 'displacement',
		related: ['aid', 'medical', 'flood', 'border'],
		// Plural forms: templates agree with "they".
		forms: ['displaced families', 'internally displaced people', 'people fleeing the fighting', 'refugees fleeing', 'displaced residents'],
		titles: [
			'{F} [arrive|gather] [on the outskirts of|in] {place}',
			'[Camp|Makeshift camp] for {f} [grows|expands] near {place}',
			'{F} [leave|stream out of] [villages|homes] around {place} {tod}',
			'{Entity} [films|documents] {f} [in|across] {admin}'
		],
		summary: [
			'{F} [are shown|are filmed] [arriving|walking|on trucks] [on the outskirts of|at] {place}, [carrying|with] [belongings|bundles|mattresses].',
			'The {media} shows [tents|makeshift shelters] [set up|put up] by {f} [near|outside] {place}.',
			'[Families|Women and children] among the {f} [describe|recount] [fleeing|leaving] [fighting|floods|shelling] in {admin}.'
		],
		report: [
			'[Hundreds of|Dozens of|Several hundred] {f} are [visible|shown]; [most|many] [are|appear to be] [women|children|elderly].',
			'[Movement|Flight] [from|out of] [villages|areas] around {place} [follows|matches] [reports|reporting] of [fighting|floods|insecurity] in {admin} in {month}.',
			'[Shelter|Water|Sanitation] conditions for the {g} [appear|look] [poor|inadequate], with [no|few] [latrines|water points] [visible|in view].'
		],
		visual: [
			'[Tents|Plastic sheeting|Makeshift shelters] [stretch|spread] across [a dusty plain|a school yard|an open field], with [children|families] [sitting|waiting] outside.',
			'[People|Families] [walk|travel] [along a road|across fields] [carrying|with] [bundles|mattresses|jerrycans], [some|a few] on [donkey carts|motorcycles|trucks].'
		],
		audio: ["[Children's voices|Crying children] and [conversation|wind] [are audible|can be heard]; [no gunfire|no shooting] is heard."],
		speech: [
			'We [left everything behind|fled our homes] in [the village|{place}].',
			'[We have no|There is no] [water|food|shelter] here, [nothing|no help].',
			'[We walked|We travelled] [two|three|four] days [to get here|to reach {place}].'
		]
	},
	{
		id: 'flood',
		related: ['displacement', 'aid', 'damage'],
		// Mass and plural forms: templates use them as objects only.
		forms: ['flooding', 'flash floods', 'floodwaters', 'rising waters', 'heavy flooding'],
		titles: [
			'Residents [wade|struggle] through {f} in {place}',
			'[Homes|Streets|Roads] [submerged|swamped] by {f} in {place}',
			'{Entity} [responds to|documents] {f} [in|across] {admin}',
			'[Aerial|Drone] view of {f} [around|across] {place}',
			'Families [evacuated|rescued] from {f} near {place}'
		],
		summary: [
			'The {media} shows [streets|homes|fields] in {place} [under water|submerged] by {f} after [days of|heavy] [rain|downpours].',
			'Residents [wade|move] through {f} [in|around] {place}, [carrying|rescuing] [belongings|children|livestock].',
			'!{Entity} [teams|volunteers] [evacuate|assist] [families|residents] affected by {f} in {admin}.'
		],
		report: [
			'[Water levels|The water] [reach|reaches] [knee|waist|roof] height in [parts of|several districts of] {place}, [consistent with|matching] [reported|seasonal] [heavy rains|river overflow] in {month}.',
			'[Losses|Damage] to [mud-brick homes|crops|roads|livestock] [appear|look] [extensive|significant], and access is [cut|limited].',
			'Damage from the {g} [compounds|adds to] [displacement|needs] in {admin}, where {entity} [is|has been] [active|present].'
		],
		visual: [
			'[Brown|Muddy] floodwater [covers|fills] [streets|fields|courtyards]; [roofs|treetops|vehicles] [protrude|stick out] from the water.',
			'People [wade|walk] [waist-deep|knee-deep] [carrying|holding] [bags|children|goats] [above the water|on their shoulders].'
		],
		audio: ['[Rushing water|Rain] and [shouting|voices] [are audible|dominate]; [a motor|an outboard engine] [is heard|runs] at times.'],
		speech: [
			'The water [came|rose] [in the night|suddenly], [we could save nothing|we lost everything].',
			'[Help us|We need boats], there are [people|families] [trapped|on the roofs].',
			'[All the|The] [crops|fields] [are gone|are under water].'
		]
	},
	{
		id: 'damage',
		related: ['displacement', 'aid', 'medical', 'artillery'],
		// Mixed forms: templates use them as objects only.
		forms: ['infrastructure damage', 'a destroyed bridge', 'a damaged power station', 'collapsed buildings', 'a damaged water plant'],
		titles: [
			'Footage shows {f} in {place}',
			'{Entity} [documents|films] {f} [across|in] {admin}',
			'[Aftermath|Extent] of {f} [seen|filmed] in {place}',
			'[Residents|Engineers] [inspect|survey] {f} near {place}'
		],
		summary: [
			'The {media} shows {f} in {place} [after|following] [strikes|fighting|shelling|an explosion].',
			'[Residents|Workers] [inspect|clear rubble from] {f} [in|near] {place}.',
			'!{Entity} blames [rivals|the other side|opposing forces] for {f} [in|across] {admin}.'
		],
		report: [
			'Destruction is [extensive|severe], with [collapsed roofs|twisted steel|craters] [visible|in view] at [the site|several points].',
			'The damage [affects|cuts] [power|water|road access] for [large parts of|much of] {place}, [according to|as described by] [residents|the narrator].',
			'[Satellite imagery|Comparison with older footage] [indicates|suggests] the damage [occurred|happened] [shortly|in the days] before {date}.'
		],
		visual: [
			'[Rubble|Debris] [strewn with|mixed with] [twisted metal|broken concrete] [covers|fills] [the site|a street]; [a bridge span|a wall|a roof] has [collapsed|fallen].',
			'[Workers|Residents] [clear|pick through] [debris|rubble] [by hand|with a bulldozer|with shovels].'
		],
		audio: ['[Wind|Generators|Machinery] and [voices|a narrator] [are audible|can be heard] [throughout|over the footage].'],
		speech: [
			'[Look|See] what they did to the [bridge|power station|water plant].',
			'[This|The station] [supplied|fed] [all of|half of] {place} with [power|water].',
			'[We need|It will take] months to [repair|rebuild] this.'
		]
	},
	{
		id: 'medical',
		related: ['damage', 'displacement', 'aid'],
		forms: ['field hospital', 'mobile clinic', 'medical post', 'health centre', 'emergency ward'],
		titles: [
			'[Wounded|Patients|Casualties] [treated at|brought to] {af} in {place}',
			'!{Entity} [opens|runs] {af} [near|in] {place}',
			'{F} in {place} [overwhelmed|struggles] after [clashes|strikes|floods]',
			'[Doctors|Medics] at {af} in {admin} [describe|report] [shortages|casualties]'
		],
		summary: [
			'[Medics|Doctors|Nurses] at {af} in {place} [treat|attend to] [wounded men|injured children|patients] [after|following] [clashes|strikes|an explosion].',
			'!The {media} shows {af} [run|operated] by {sub} with [crowded|few] beds and [limited|scarce] supplies.',
			'!{Entity} [publishes|shares] [images|footage] from {af} [near|in] {place} to [appeal for|request] [supplies|support].'
		],
		report: [
			'[Around {num}|Several|Dozens of] [patients|wounded] are [visible|seen] at the {f}; injuries [appear|look] [consistent with|typical of] [blast trauma|shrapnel wounds|gunshot wounds].',
			'[Staff describe|A doctor describes] [shortages|a lack] of [blood|anaesthetics|fuel for generators] at the {g}.',
			'The {f} [serves|covers] {place} and [surrounding villages|nearby areas] in {admin}, [according to|per] [the narrator|staff].'
		],
		visual: [
			'[Patients|Wounded men] [lie|rest] on [beds|stretchers|mattresses on the floor] [in a crowded room|in a tent|in a corridor] while [medics|nurses] [work|attend to them].',
			'[Bandages|Drips|Medical supplies] [are|lie] [scattered|stacked] [around|on trolleys]; [a generator|an ambulance] [is|stands] [outside|at the entrance].'
		],
		audio: ["[Medical staff|Doctors] [talk|give instructions] [quickly|hurriedly] [over|amid] [patients' cries|background noise]."],
		speech: [
			'[We received|We have received] [twenty|thirty|dozens of] [wounded|casualties] since [the morning|last night].',
			'We [need|are short of] [blood|medicine|fuel] for the generator.',
			'[The children|Most of them] [have|suffer] [shrapnel|burn] wounds.'
		]
	}
];
