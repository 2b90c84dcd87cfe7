// Topics of armed activity: movements, positions, fire, training, detentions, borders.
import type { TopicSpec } from './topic';

export const SECURITY_TOPICS: readonly TopicSpec[] = [
	{
		id: 'convoy',
		related: ['checkpoint', 'drone', 'weapons', 'border'],
		forms: ['convoy', 'column of vehicles', 'motorcade', 'line of pickup trucks', 'armoured column'],
		titles: [
			'{Af} enters {place} {tod}',
			'{Af} [moves|advances|heads] along the road [outside|north of|south of|east of|west of] {place}',
			'!{Sub} {f} [filmed|seen|recorded] leaving {place}',
			'Footage shows {af} passing through {place}, {admin}',
			'!{Af} of {entity} [arrives in|reaches|rolls into] {place}',
			'[Long|Large|Dusty] {f} [crosses|travels across] {admin} towards {place}'
		],
		summary: [
			'{Af} is [filmed|shown] [moving|driving] through {place} {tod}, with [{num}|at least {num}|around {num}] vehicles visible.',
			'!The {media} shows {af} attributed to {entity} travelling on [a main road|a desert track|the highway|a paved road] near {place}.',
			'[Several|Multiple] vehicles of {af} are seen [stopping|regrouping|refuelling] on the edge of {place} before continuing [north|south|east|west].'
		],
		report: [
			'The {f} comprises [{num}|roughly {num}] vehicles, [mostly|largely] [pickup trucks|four-wheel-drive vehicles|technicals] [mounted with heavy machine guns|carrying armed men|loaded with supplies], with [one|two] [fuel tankers|supply trucks|water bowsers] at the rear.',
			'Vehicle spacing and the absence of [civilian traffic|roadside activity] suggest a [deliberate|planned] [movement|redeployment] rather than a routine patrol.',
			'The route of the {g} runs [along|parallel to] [the main road|a dry riverbed|the old highway] into {place}, consistent with [earlier reporting|previous footage] of [resupply|reinforcement] movements in {admin}.',
			'![Flags|Banners|Markings] on [several|the lead] vehicles [match|are consistent with] those used by {entity} [in earlier releases|elsewhere in {admin}].'
		],
		visual: [
			'{Af} of [{num}|about {num}] vehicles moves [in single file|in a staggered line] along [a paved road|a dirt track|a desert road] [under clear skies|in dusty conditions|in low light].',
			'Armed men in [mixed uniforms|civilian clothes and webbing|camouflage fatigues] ride in the [back|cargo beds] of the trucks; [several|some] [wave to the camera|raise rifles].',
			'[Shops|Low buildings|Palm trees|Roadside stalls] line the road, and [a minaret|a water tower|a telecommunications mast|a fuel station] is visible in the background.',
			'@The camera is [held by a passenger|mounted on the dashboard|held from a rooftop] and [pans across|follows] the {g}.'
		],
		audio: [
			'Engine noise dominates; [horns sound intermittently|a vehicle horn sounds repeatedly].',
			'[Men|Fighters] [cheer|chant slogans] as the {f} passes.',
			'Wind noise and [distant voices|radio chatter] are audible throughout.'
		],
		speech: [
			'We are now entering {place}, [thanks be to God|and the road is open|as you can see].',
			'!The {f} is [complete|moving], [all units|all vehicles] follow the lead car.',
			'!Keep the distance, keep the distance between the vehicles.',
			'!This road to {place} is [under our control|secured|ours now].',
			'[Look at|See] the [people|residents] coming out to [greet us|watch].'
		]
	},
	{
		id: 'checkpoint',
		related: ['arrests', 'convoy', 'border'],
		forms: ['checkpoint', 'roadblock', 'inspection point', 'barrier post', 'vehicle checkpoint'],
		titles: [
			'!{Sub} [sets up|mans|operates] {af} on the [road|highway] to {place}',
			'New {f} [appears|is filmed] at the entrance to {place}',
			'[Vehicles|Travellers|Trucks] queue at {af} outside {place}',
			'Armed men search cars at {af} near {place}',
			'!{Entity} [shows|publicises] {af} [on the outskirts of|at the edge of] {place}'
		],
		summary: [
			'Armed men at {af} [on the outskirts of|at the approach to] {place} [stop|search|question] [drivers|passengers|minibuses].',
			'!The {media} shows {af} [marked with|flying] the [flag|banner] of {entity}, with [a short queue|a long line] of vehicles waiting.',
			'[Several|A few] [trucks|cars|motorcycles] are [turned back|waved through] at {af} on the main road into {place}.'
		],
		report: [
			'The {f} is built from [sandbags and oil drums|concrete blocks|tyres and metal barrels] and is manned by [{n}|around {n}] [armed men|fighters|guards].',
			'[Identity documents|Cargo|Mobile phones] [appear to be|are] checked, which [fits|matches] reporting of [tighter control|new restrictions] on movement in {admin}.',
			'!The position of the {g} [controls|overlooks] [the only paved road|a junction|a bridge] into {place}, giving {entity} [leverage|control] over [trade|traffic|supply routes].',
			'No [violence|use of force] is shown, but [one|a] [man|driver] is [led away|taken aside] [at the end of the clip|off camera].'
		],
		visual: [
			'[Sandbags|Concrete barriers|Oil drums painted in stripes] [narrow|block] the road; [a flag|a hand-painted sign] marks the {f}.',
			'[Two|Three|Several] armed men [inspect|wave through|stop] [a minibus|a lorry|a private car] while others [watch from|sit in] [a shaded hut|a pickup truck].',
			'A [queue|line] of [cars|trucks|motorcycles] stretches back along the road [in the heat|at dusk|in the morning light].'
		],
		audio: [
			'Conversation between guards and drivers is partly audible [over engine noise|under wind noise].',
			'A guard [shouts instructions|calls out] to [approaching|waiting] vehicles.'
		],
		speech: [
			'Papers, show me your papers. Where are you going?',
			'!Nobody passes the {f} without [permission|inspection] from {sub}.',
			'Open the back. What are you carrying to {place}?',
			'[Go|Move on], [go ahead|you can pass], God be with you.'
		]
	},
	{
		id: 'drone',
		related: ['artillery', 'convoy', 'damage'],
		forms: ['drone', 'unmanned aerial vehicle', 'UAV', 'quadcopter', 'surveillance drone'],
		titles: [
			'{F} footage shows [positions|movement|damage] near {place}',
			'{Entity} releases {f} [video|images] of {place}',
			'Aerial view recorded by {af} over {place} {tod}',
			'{Af} [circles|hovers] over [the outskirts of|the centre of] {place}',
			'{Sub} [publishes|shares] footage from {af} over {admin}'
		],
		summary: [
			'[Aerial|Overhead] footage [recorded by|filmed from] {af} shows [buildings|roads|vehicles|fortified positions] [in|around] {place}.',
			'The {media} [appears to come|comes] from {af} [flying|hovering] over {place}, [tracking|following] [vehicles|people] on the ground.',
			'!{Entity} [claims|says] the {f} [observed|recorded] [enemy positions|damage|movements] near {place}, {admin}.'
		],
		report: [
			'The [altitude|flight height] and [camera behaviour|framing] are consistent with a [commercial|small commercial] quadcopter rather than a military {g}.',
			'[Shadows|The sun angle] in the {media} suggest [morning|mid-afternoon|late afternoon] recording, which [fits|agrees with] the claimed date.',
			'[At least|Around] [two|three|four] [positions|compounds|vehicles] visible from the {f} can be [matched|geolocated] to [satellite imagery|known landmarks] in {place}.',
			'!The use of {ag} for [reconnaissance|spotting|targeting] by {entity} has [increased|become more frequent] in {admin} [since|over] {year}.'
		],
		visual: [
			'[Top-down|Oblique] aerial view of [a road junction|a cluster of compounds|farmland and irrigation channels|a residential block] [with a crosshair overlay|with a timestamp overlay|without overlays].',
			'@The camera [zooms in on|tracks|circles] [a moving vehicle|a group of people|a damaged building] before [pulling back|cutting away].',
			'The terrain is [flat and sandy|hilly and green|urban and dense], with [roads|tracks|a river] crossing the frame.'
		],
		audio: [
			'[Propeller buzz|Rotor whine] is audible under [a voice-over|music|radio chatter].',
			'The clip has [no original audio|an added soundtrack]; a narrator [describes|identifies] the targets.'
		],
		speech: [
			'The {f} is up, [we can see|I can see] the road to {place}.',
			'Zoom in, zoom in on the [vehicle|building|white car].',
			'[Bring it back|Land it], the battery is [low|almost finished].',
			'![Mark|Record] the coordinates and send them to {sub}.'
		]
	},
	{
		id: 'artillery',
		related: ['damage', 'displacement', 'funeral', 'medical', 'drone'],
		forms: ['shelling', 'artillery fire', 'mortar fire', 'rocket fire', 'howitzer fire'],
		titles: [
			'!{Sub} [directs|carries out] {f} [on|against] positions [near|on the outskirts of] {place}',
			'[Heavy|Sustained|Renewed] {f} [reported|filmed] [around|near] {place}',
			'Smoke rises over {place} after {f} {tod}',
			'!{Entity} [shows|claims] {f} on [positions|targets] in {admin}',
			'Footage of {f} [lighting|shaking] [the night sky|the skyline] over {place}'
		],
		summary: [
			'The {media} shows {f} [directed at|striking] [areas|positions] [on the edge of|south of|north of] {place}, with smoke visible [afterwards|on the horizon].',
			'!{Entity} [presents|publishes] the {media} as evidence of {f} [against|on] [rival positions|military positions] near {place}.',
			'[Residents|Civilians] are seen [sheltering|running for cover] as {f} hits [the outskirts of|areas near] {place}.'
		],
		report: [
			'[Muzzle flashes|The launch signatures] and [the delay|timing] between [firing|launch] and [impact|sound] suggest a distance of [several|a few] kilometres.',
			'[Impact|Smoke] plumes [rise|appear] [over|behind] [farmland|residential areas|a ridge line] [consistent with|matching] the [northern|southern|eastern|western] approaches to {place}.',
			'!The systems used for the {g} are [consistent with|typical of] [older|locally modified] weapons previously [documented|attributed] to {entity}.',
			'[Damage|Fires] [reported|described] in {admin} on {date} [corroborate|may correspond to] the strikes shown.'
		],
		visual: [
			'[A crew of|Several] men [load|fire|operate] [a mortar tube|a rocket launcher mounted on a truck|a towed gun] [in an open field|behind an earth berm|among olive trees].',
			'[Plumes of smoke|Dust clouds|Flashes] [rise|appear] over [a distant skyline|low hills|a built-up area].',
			'@The camera [shakes|jolts] at each [launch|discharge]; [spent casings|empty crates] lie on the ground.'
		],
		audio: [
			'Loud [detonations|launches|explosions] [recur|repeat] at [irregular|short] intervals.',
			'Men [shout|call] [coordinates|corrections] between [rounds|launches].',
			'[Distant explosions|Echoing impacts] follow each [launch|round].'
		],
		speech: [
			'![Fire|Launch]! God is great!',
			'!Adjust [left|right], [fifty|one hundred] metres, [fire again|again].',
			'!This is the response to the attacks on {place}.',
			'![Target hit|Direct hit], [the position is burning|they are running].',
			'The {f} started [at dawn|an hour ago|last night] and [has not stopped|is still going on].',
			'Get inside, get inside, [it is landing close|they are firing again]!'
		]
	},
	{
		id: 'training',
		related: ['weapons', 'recruitment', 'ceremony'],
		forms: ['training camp', 'training course', 'drill exercise', 'military training session', 'training ground'],
		titles: [
			'{Entity} shows recruits at {af} near {place}',
			'![New|Young] recruits [graduate|drill] at {af} of {sub}',
			'{F} footage released by {sub}',
			'Recruits [train|exercise] with [rifles|live ammunition] at {af} in {admin}',
			'[Inside|A look inside] {af} [outside|near] {place}'
		],
		summary: [
			'Recruits [are shown|appear] [running drills|marching|firing rifles] at {af} [described as|said to be] near {place}.',
			'!The {media} presents {af} run by {sub}, showing [physical exercise|weapons handling|marching] [drills|sessions].',
			'[Dozens of|Several dozen|Around {num}] trainees [in matching uniforms|in mixed clothing] [take part in|complete] {af}.'
		],
		report: [
			'The {f} [appears|seems] to [host|hold] [{num}|around {num}] trainees, [several of whom|some of whom] appear [young|under eighteen].',
			"![Instructors|Trainers] wear [insignia|badges] of {sub}, indicating the unit's role in [recruit training|force generation] for {entity}.",
			'Terrain and vegetation [match|are consistent with] [the hills|the plains|the scrubland] around {place}, although the exact site could not be [confirmed|verified].',
			'Releases of this kind typically [accompany|precede] [recruitment drives|new offensives] and are [aimed at|meant for] [local audiences|supporters].'
		],
		visual: [
			'Rows of trainees [run|crawl|march] across [a dusty field|an open yard|a sand track] under the eye of [instructors|a trainer].',
			'Trainees [practise|perform] [weapons handling|firing positions|obstacle crossing] in [identical|matching] [uniforms|balaclavas].',
			'!A [painted|hand-made] sign bearing the name of {sub} [hangs|stands] at the camp gate.'
		],
		audio: [
			'An instructor [barks|shouts] commands, answered in unison by the trainees.',
			'[Rifle fire|Bursts of gunfire] from [a range|the firing line] are audible in the background.'
		],
		speech: [
			'[Line up|Fall in]! [Faster|Move], faster!',
			'!Today you [finish|complete] your training with {sub}.',
			'!Who are you? We are the [sons|men] of {entity}!',
			'Hold the rifle [like this|correctly], breathe, then fire.'
		]
	},
	{
		id: 'weapons',
		related: ['training', 'ceremony', 'convoy'],
		forms: ['weapons display', 'arms cache', 'stockpile of seized weapons', 'haul of captured weapons', 'display of rifles'],
		titles: [
			'!{Entity} [shows off|presents] {af} [in|near] {place}',
			'!{F} [presented|shown] to the camera by {sub}',
			'[Large|Sizeable] {f} [found|uncovered|shown] [near|outside] {place}',
			'Fighters [pose|stand] with {af} after [clashes|fighting] near {place}'
		],
		summary: [
			'!{Sub} [lays out|presents] {af} including [rifles|machine guns|mortar rounds|ammunition boxes] [on a tarpaulin|on the ground|in a courtyard] in {place}.',
			'!The {media} shows {af} that {entity} says [was taken|came] from [rivals|a raid|an abandoned position] near {place}.',
			'[Crates|Piles|Rows] of [ammunition|rifles|rocket-propelled grenades] are shown as part of {af}.'
		],
		report: [
			'The {f} includes [assault rifles|light machine guns|rocket-propelled grenade launchers], [several|some] [ammunition belts|mortar rounds], and [radio sets|optics].',
			'[Serial numbers|Markings] are [partly visible|not legible], so the origin of the {g} cannot be [determined|confirmed] from the {media}.',
			'!Displays like this are [commonly|often] used by {entity} to [claim battlefield success|signal strength] [in|across] {admin}.'
		],
		visual: [
			'[Rifles|Weapons] [are lined up|are laid out|stand in rows] [on a blanket|on a tarpaulin|against a wall], with ammunition boxes [stacked|arranged] in front.',
			'A [masked|uniformed] man [picks up|holds up] [a rifle|a launcher|a box of rounds] to the camera.'
		],
		audio: ['A [speaker|spokesman] [lists|names] the items while the camera [pans|moves] along the display.'],
		speech: [
			'These [weapons|munitions] were taken from the enemy near {place}.',
			'!Look, [rifles|rockets|ammunition], all of this is now in the hands of {sub}.',
			'[This|That] is what they left behind when they [ran|fled].'
		]
	},
	{
		id: 'arrests',
		related: ['checkpoint', 'protest', 'interview'],
		forms: ['raid', 'round-up', 'security sweep', 'arrest operation', 'detention raid'],
		titles: [
			'!{Sub} [carries out|conducts] {af} in {place}',
			'Footage shows {af} [of suspects|of young men] in {place}',
			'{Entity} [publishes|releases] [video|images] of {af} in {admin}',
			'Men [led away|detained] during {af} [in|near] {place} {tod}'
		],
		summary: [
			'!Armed men [identified as|described as] {sub} [conduct|carry out] {af} in [a residential street|a market|a village] [in|near] {place}.',
			'The {media} shows [blindfolded|handcuffed] men [being led|being pushed] into [vehicles|a truck] during {af} in {place}.',
			'!{Entity} [says|claims] the {f} [targeted|netted] [suspected collaborators|smugglers|cell members] in {admin}.'
		],
		report: [
			'[At least|Around] [{n}|{num}] [men|people] are [detained|led away] in the {media}; [faces|identities] are [not blurred|partly blurred].',
			'The {g} appears to [follow|come after] [an attack|clashes|an incident] in {place} [reported|in the days] before {date}.',
			'Material of this kind [raises|carries] [protection|due process] concerns, and the identities of detainees should be handled [with care|carefully].'
		],
		visual: [
			'[Armed|Masked] men [lead|push] [blindfolded|handcuffed] detainees [down a street|into a pickup truck|through a doorway].',
			'[Residents|Onlookers] watch from [doorways|balconies|a distance] as the {f} [takes place|unfolds].'
		],
		audio: ["Shouted orders and [a woman's|bystanders'] [protests|cries] are audible."],
		speech: [
			'Hands up! Everybody [out|on the ground]!',
			'[These men|They] are [wanted|accused] of [working with the enemy|smuggling].',
			'!Take them to the [headquarters|base] of {sub}.'
		]
	},
	{
		id: 'border',
		related: ['displacement', 'checkpoint', 'convoy'],
		forms: ['border crossing', 'frontier post', 'crossing point', 'border gate', 'border checkpoint'],
		titles: [
			'[Crowds|Travellers|Trucks] [gather|wait] at the {f} near {place}',
			'{Entity} films the {f} outside {place}',
			'!{Entity} patrols the {f} outside {place}',
			'[Trucks|Families] [cross|pass through] the {f} near {place}',
			'[Closure|Reopening] of the {f} near {place} [filmed|recorded]'
		],
		summary: [
			'[Long queues of|Dozens of] [trucks|people|families] [wait|gather] at the {f} near {place} [as|while] [guards|officials] [check papers|inspect cargo].',
			'The {media} shows the {f} on the [edge of|road from] {place} [reopened|closed|heavily guarded] on {date}.',
			'!{Sub} [members|guards] are shown [patrolling|monitoring] the {f} [at|near] {place}.'
		],
		report: [
			'The {f} is a [key|main] [route|link] for [trade|fuel|people] [between|across] {admin} and [neighbouring areas|the neighbouring country].',
			'Traffic [through|at] the {g} [appears|seems] [heavier|lighter] than [usual|in earlier footage], which may reflect [new restrictions|fighting nearby|seasonal trade].',
			'!Flags and uniforms [visible|seen] at the {f} indicate [control|presence] by {entity} [at the time|on {date}].'
		],
		visual: [
			'[A gate|A barrier|Metal fencing] [spans|crosses] the road, with [trucks|pedestrians|minibuses] [queued|lined up] behind it.',
			'[Guards|Armed men] [stand|sit] under [a corrugated roof|a tarpaulin shade] beside [an office|a container].'
		],
		audio: ['[Idling engines|Engines idling] and [horns|conversation] [dominate|fill] the soundtrack.'],
		speech: [
			'The {f} is [closed|open] [today|until further notice].',
			'[We have waited|We waited] [three|four|five] days [here|at the {f}].',
			'!Only trucks with [permits|papers] from {sub} can cross.'
		]
	}
];
