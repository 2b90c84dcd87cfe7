// Topics of public and political life: rallies, protests, recruitment, funerals, ceremonies,
// interviews, negotiations and ceasefires.
import type { TopicSpec } from './topic';

export const PUBLIC_LIFE_TOPICS: readonly TopicSpec[] = [
	{
		id: 'rally',
		related: ['protest', 'recruitment', 'negotiations'],
		forms: ['rally', 'speech', 'public address', 'mass rally', 'public meeting'],
		titles: [
			'!{Entity} [holds|stages] {af} in {place}',
			'[Leader|Commander|Spokesman] [addresses|speaks to] supporters at {af} in {place}',
			'[Crowds|Hundreds] [gather|turn out] for {af} in {place}',
			'!{F} by {sub} [draws|attracts] [crowds|supporters] in {admin}',
			'!{F} in {place} [marks|celebrates] [anniversary|founding] of {entity}'
		],
		summary: [
			'[A speaker|A leader|A spokesman] [addresses|speaks to] [hundreds of|a crowd of|several dozen] supporters at {af} in {place}.',
			'!The {media} shows {af} organised by {entity}, with [flags|banners|portraits] [held up|waved] by [the crowd|supporters].',
			'[Supporters|Participants] [chant slogans|applaud] at {af} as [the speaker|speakers] [call for|demand] [unity|resistance|elections|reforms].'
		],
		report: [
			'The {f} [appears|seems] to [draw|gather] [several hundred|a few hundred|over a thousand] people, [mostly|predominantly] [men|young men], [in|on] [a square|a stadium|a main street] in {place}.',
			"!The speaker's [message|remarks] [focuses|focus] on [local grievances|security|services|the conflict] in {admin} and [praises|credits] {sub}.",
			'![Banners|Placards] [carry|show] slogans of {entity}, [suggesting|indicating] an organised rather than spontaneous {g}.'
		],
		visual: [
			'A crowd [fills|packs] [a public square|a sports ground|a wide street]; [flags|banners|portraits] are [raised|waved] above heads.',
			'[A speaker|The leader] stands [on a stage|on a truck bed|behind a lectern] with [a microphone|loudspeakers], [flanked by guards|surrounded by aides].'
		],
		audio: [
			'Amplified speech [echoes|carries] over [the square|the crowd], [interrupted by|punctuated by] chanting and applause.',
			'[Chanting|Rhythmic chanting] and [drums|whistles] [rise and fall|are audible] throughout.'
		],
		speech: [
			'[Brothers and sisters|People of {place}], we [stand|gather] here today [united|as one].',
			'!{Entity} will not [abandon|forget] {admin}.',
			'[Our demands are clear|We demand]: [security|dignity|justice] for {place}!',
			'[Raise your voices|Say it with me]: [freedom|dignity|unity]!'
		]
	},
	{
		id: 'protest',
		related: ['arrests', 'rally', 'funeral'],
		forms: ['protest', 'demonstration', 'sit-in', 'protest march', 'street protest'],
		titles: [
			'[Hundreds|Residents|Students] [join|stage] {af} in {place}',
			'{F} [against|over] [fuel prices|power cuts|arrests|insecurity] in {place}',
			'[Security forces|Armed men] [disperse|break up] {af} in {place}',
			'!{Entity} [supporters|members] [lead|stage] {af} in {admin}'
		],
		summary: [
			'[Protesters|Demonstrators] [march|gather] in {place} during {af}, [chanting|holding banners] [against|about] [power cuts|insecurity|rising prices|recent arrests].',
			'The {media} shows {af} in {place} [broken up|dispersed] [with|by] [tear gas|warning shots|baton charges].',
			"!{Entity} [supporters|activists] [organise|lead] {af} [outside|near] [a government building|the governor's office|a market] in {place}."
		],
		report: [
			'The {f} [draws|gathers] [several hundred|a few hundred|dozens of] people; [women|students|traders] are [prominent|visible] among them.',
			'[Tear gas canisters|Warning shots|Baton charges] [are seen|appear] [towards the end|in the second half] of the {media}, [indicating|suggesting] an escalation.',
			'Grievances [voiced|expressed] at the {g} [echo|match] complaints reported across {admin} in {month}.'
		],
		visual: [
			'[Protesters|Demonstrators] [walk|march] [down a main road|through a market|past shuttered shops] [holding|carrying] [placards|flags|banners].',
			'[Smoke|Tear gas|Smoke from burning tyres] [drifts across|fills] the street [as|while] people [run|scatter].'
		],
		audio: ['[Chanting|Slogans] and [whistles|car horns] [fill|dominate] the soundtrack; [pops|bangs] are heard [later|towards the end].'],
		speech: [
			'[Where is the electricity?|Where is our water?|Release our sons!]',
			'We will stay here until [they listen|our demands are met].',
			'[Peaceful|This is a peaceful {f}], peaceful!'
		]
	},
	{
		id: 'recruitment',
		related: ['training', 'rally', 'ceremony'],
		forms: ['recruitment drive', 'call for volunteers', 'enlistment campaign', 'recruitment appeal'],
		titles: [
			'!{Entity} [launches|promotes] {af} in {place}',
			'!{Sub} [launches|announces] {af} for [young men|youth] in {admin}',
			'[Young men|Volunteers] [register|sign up] during {af} in {place}',
			'{F} [poster|video] [circulates|appears] in {place}'
		],
		summary: [
			'!{Entity} [calls on|urges] [young men|residents|youth] [in|from] {place} to [join|enlist with] {sub} as part of {af}.',
			'The {media} shows [a registration desk|a table of recruiters|volunteers queuing] during {af} in {place}.',
			'[Promises of pay|Appeals to duty|Religious appeals] [feature|figure] prominently in {af} [aimed at|targeting] {admin}.'
		],
		report: [
			'The {f} [offers|promises] [monthly pay|food rations|training] and [frames|presents] enlistment as [a duty|a defence of the community].',
			'[Several|Some] [volunteers|registrants] [appear|seem] [young|to be teenagers], [raising|which raises] concerns about [child recruitment|the recruitment of minors].',
			'!The timing of the {g} [coincides|comes] with [losses|expansion|new operations] by {entity} in {admin}.'
		],
		visual: [
			'[Men|Youths] [queue|wait] at [a table|a desk] where [recruiters|officials] [write names|take photographs].',
			'![A banner|A poster] [with|showing] the emblem of {entity} [hangs|is fixed] behind the [desk|table].'
		],
		audio: ['A [loudspeaker|megaphone] [repeats|broadcasts] the [appeal|call] [over|above] [music|anthems|street noise].'],
		speech: [
			'[Join|Join us], [defend|protect] {place} and your families.',
			'![Registration|The registration] is open at the [office|centre] of {sub}.',
			'Every young man [who can|able to] carry a rifle is [needed|called].'
		]
	},
	{
		id: 'funeral',
		related: ['rally', 'medical', 'artillery'],
		forms: ['funeral', 'burial', 'mourning procession', 'memorial service', 'funeral procession'],
		titles: [
			'{F} [held|takes place] in {place} for [fighters|victims|civilians] killed in [clashes|strikes]',
			'[Mourners|Hundreds] [attend|join] {af} in {place}',
			'!{Entity} [holds|organises] {af} for [commander|members] in {admin}',
			'[Coffins|Bodies] [carried|borne] through {place} during {af}'
		],
		summary: [
			'Mourners [carry|accompany] [coffins|shrouded bodies] through {place} during {af} for [people|men] killed [in recent fighting|in a strike|in an attack].',
			'The {media} shows {af} [attended by|with] [members|fighters] of {entity} and [local residents|family members].',
			'{Af} in {place} [turns into|becomes] a [show of support|political gathering] for {entity}.'
		],
		report: [
			'[{N}|Several] [coffins|bodies] are [visible|shown]; [speakers|mourners] [name|identify] the dead as [members of {sub}|civilians|residents of {place}].',
			'The {g} [follows|comes after] [reported|claimed] [strikes|clashes] in {admin} in the days before {date}.',
			"![Flags|Banners] of {entity} [draped over|on] the coffins [show|indicate] the group's [claim|role]."
		],
		visual: [
			'[Men|Mourners] [carry|lift] [coffins draped in flags|shrouded bodies] [through a narrow street|towards a cemetery|across a square].',
			'[Women|Family members] [weep|grieve] [at a doorway|by a grave]; [freshly dug graves are|a freshly dug grave is] visible.'
		],
		audio: ['[Prayers|Wailing|Lamentation] and [chanting|slogans] [are audible|can be heard]; [celebratory|mourning] gunfire sounds [once|twice].'],
		speech: [
			'[They died|He died] [defending|protecting] {place}. We will not forget them.',
			'[God have mercy|May God have mercy] on [our dead|the fallen].',
			'[Their blood|This blood] will not be [wasted|forgotten].'
		]
	},
	{
		id: 'ceremony',
		related: ['weapons', 'training', 'rally'],
		forms: ['ceremony', 'parade', 'graduation ceremony', 'commemoration', 'military parade'],
		titles: [
			'!{Entity} [holds|stages] {af} in {place}',
			'!{Sub} [marks|celebrates] [anniversary|founding day] with {af}',
			'[Fighters|Members|Graduates] [march|parade] in {af} at {place}',
			'{F} [in|at] {place} [attended by|with] [commanders|leaders]'
		],
		summary: [
			'!{Af} [organised|staged] by {entity} [shows|features] [marching units|vehicles|graduating fighters] in {place}.',
			'!The {media} shows {sub} [members|units] [marching|saluting] during {af} [marking|to mark] [an anniversary|the end of training|a holiday].',
			'[Commanders|Leaders] [review|inspect] [troops|lines of fighters] at {af} held in {place}.'
		],
		report: [
			'!The {f} is [carefully|professionally] [staged|filmed], [suggesting|indicating] [an official|a media] release by {entity}.',
			'[Around {num}|Some {num}|Over {num}] [fighters|members] [take part|parade], [with|alongside] [several|a few] [vehicles|pickup trucks].',
			'Releases of this kind [often|typically] [coincide with|mark] [anniversaries|turning points] and [serve|are used] to project [control|strength] in {admin}.'
		],
		visual: [
			'[Ranks|Columns] of [uniformed|masked] men [march|salute] past [a reviewing stand|a stage|officials] [decorated with|under] [flags|banners].',
			'[Vehicles|Pickup trucks] [mounted with|carrying] [weapons|flags] [roll past|drive by] in [formation|a line].'
		],
		audio: ['[Marching music|A brass band|Anthems] and [shouted|called] [commands|slogans] [are heard|dominate].'],
		speech: [
			'[Attention|Salute]! [Forward, march|Present arms]!',
			'!Today we [celebrate|mark] [the anniversary|the founding] of {entity}.',
			'![Our|These] graduates will [serve|defend] {admin}.'
		]
	},
	{
		id: 'interview',
		related: ['displacement', 'damage', 'funeral', 'protest'],
		forms: ['interview', 'testimony', 'statement to camera', 'video interview', 'on-camera statement'],
		titles: [
			'!{Sub} [spokesman|commander|official] gives {af} in {place}',
			'{F} [from|of] [a resident|a witness|a commander] in {place}',
			'{Entity} [publishes|releases] {af} on [the situation|events] in {admin}',
			'[Resident|Witness|Displaced woman] [describes|recounts] [events|the attack] in {place} in {af}'
		],
		summary: [
			'[A man|A spokesman|A woman] [identified as|presented as] [a resident|a commander|a member of {sub}] [speaks|talks] to the camera in {place} about [recent events|the fighting|living conditions].',
			'The {media} is {af} in which [a speaker|the speaker] [describes|recounts] [events|clashes|displacement] in {admin} around {date}.',
			'In {af}, [a commander|a local official|an elder] [blames rival forces|blames the authorities|holds rival forces responsible] for [the situation|the violence] in {place}.'
		],
		report: [
			'The speaker [sits|stands] [in front of|before] [a plain wall|a banner of {entity}|a damaged building], and [appears|seems] [calm|composed|agitated].',
			'[Claims|Statements] made in the {f} [about|regarding] [casualties|territory|responsibility] could not be [independently verified|corroborated].',
			'The {g} [repeats|echoes] [talking points|messages] [used|seen] in earlier releases by {entity}.'
		],
		visual: [
			'[A man|A woman|A speaker] [in traditional dress|in military fatigues|in civilian clothes] [talks|speaks] to the camera, [framed|filmed] [from the chest up|in a medium shot].',
			'[A banner|A flag|A logo] [of {entity}|of {sub}] is [visible|shown] [behind the speaker|in the corner of the frame].'
		],
		audio: [
			'The main speaker [talks|speaks] [clearly|steadily]; [background noise is low|a generator hums in the background].',
			'[An off-camera|An unseen] interviewer [asks|poses] [short|brief] questions.'
		],
		speech: [
			'[What happened here|What we saw] on {weekday} was [terrible|a catastrophe].',
			'[The situation in {place}|Life in {place}] is [very difficult|getting worse], [there is no|we have no] [water|electricity|work].',
			'We [call on|ask] [the world|everyone] to [see|look at] what is happening in {admin}.',
			'!{Sub} [controls|protects] this area, [the people|residents] are [with us|safe].'
		]
	},
	{
		id: 'negotiations',
		related: ['ceasefire', 'interview'],
		// Mixed number ("talks", "mediation"): templates avoid verbs that agree with {f}.
		forms: ['negotiations', 'talks', 'mediation', 'peace talks', 'meeting of elders'],
		titles: [
			'!{F} [between|involving] {entity} and [local elders|tribal leaders|community representatives] in {place}',
			'[Elders|Delegates|Mediators] [meet|gather] for {f} in {place}',
			'!{Sub} [joins|attends] {f} [over|on] [prisoners|a local truce|road access] in {admin}',
			'Footage from {f} in {place} [released|published] by {entity}'
		],
		summary: [
			'![Delegates|Elders|Representatives] [sit|gather] [around a table|in a tent|in a meeting hall] in {place} for {f} [involving|with] {entity}.',
			'The {media} shows {f} [on|about] [a prisoner exchange|reopening roads|a local ceasefire] in {admin}.',
			'!{Entity} [presents|describes] the {f} in {place} as [a step|progress] towards [calm|a settlement].'
		],
		report: [
			'[Participants|Those present] include [tribal elders|clerics|local officials|commanders of {sub}], [suggesting|indicating] a [locally|community] brokered [process|initiative].',
			'No [agreement|outcome|document] is [shown|announced] in the {media}, and the {g} may [be preliminary|continue].',
			'[Local|Community] {g} [of this kind|like this] [preceded|accompanied] [truces|prisoner exchanges] in {admin} before.'
		],
		visual: [
			'Men [sit|are seated] [on cushions|around a long table|in a circle] [in|inside] [a reception hall|a tent|a courtyard], with [tea glasses|papers|water bottles] in front of them.',
			'[Armed guards|Bodyguards] [stand|wait] [at the door|outside]; [a speaker|one man] [reads|holds] [a paper|a statement].'
		],
		audio: ['[Several|Overlapping] voices [discuss|debate] [calmly|at length]; [a chair|a moderator] [calls for|asks for] [order|quiet].'],
		speech: [
			'We [came|are here] to [stop|end] the bloodshed in {place}.',
			'[The elders|Our elders] [have agreed|agree] to [guarantee|oversee] the [road|agreement].',
			'Any agreement must [include|cover] [the prisoners|the displaced families|the roads].'
		]
	},
	{
		id: 'ceasefire',
		related: ['negotiations', 'rally', 'displacement'],
		forms: ['ceasefire', 'truce', 'cessation of hostilities', 'armistice', 'humanitarian pause'],
		titles: [
			'{F} [announced|declared] [in|for] {place}',
			'!{Entity} [accepts|rejects|welcomes] {af} in {admin}',
			'[Residents|Families] [return|celebrate] as {f} [holds|takes effect] in {place}',
			'{F} [violations|breaches] [reported|alleged] near {place}'
		],
		summary: [
			'The {media} shows [residents|families] in {place} [celebrating|returning to the streets] after {af} [took effect|was announced] on {date}.',
			'!{Entity} [reads|issues] a statement on {af} [covering|for] {place} and [surrounding areas|parts of {admin}].',
			'[Accusations|Claims] of [violations|breaches] of the {f} near {place} [circulate|appear] [within days|shortly after].'
		],
		report: [
			'The {f} [reportedly|apparently] [covers|applies to] {place} and [parts of|the rest of] {admin}, [with|under] [local|tribal|international] [mediation|guarantees].',
			'[Streets|Markets] [appear|look] [busier|calmer] than in earlier footage, [consistent with|reflecting] a [lull|pause] in [fighting|shelling].',
			'Whether the {g} [holds|will hold] [is uncertain|remains unclear]; [previous|earlier] [truces|agreements] in {admin} [broke down|collapsed] [within weeks|quickly].'
		],
		visual: [
			'[Shops|Market stalls] [reopen|are open] and [people|children] [walk|move] [freely|openly] in [the streets|a square] of {place}.',
			'[A spokesman|An official] reads a statement [in front of|before] [flags|a banner], [flanked|surrounded] by [guards|officials].'
		],
		audio: [
			'[Celebratory gunfire|Car horns|Ululation] [sounds|carries] [in the distance|in the background].',
			'A statement is read [slowly|formally] [into a microphone|to cameras].'
		],
		speech: [
			'The {f} begins [at midnight|at noon|today] [and covers|in] {place}.',
			'We [will respect|respect] the {f} as long as the other side [does|respects it].',
			'[Finally|At last] we can [sleep|go out|open the shop] without [fear|shelling].'
		]
	}
];
