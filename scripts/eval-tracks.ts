// npm run eval:tracks -- [--size N] [--seed S]
// Organisations' tracks against the generator's campaigns (scripts/eval/tracks.ts says what is
// measured): the share of campaign weeks with at least 5 records whose town a track passes within
// 25 km of, and of campaigns whose towns the tracks pass in the calendar's order.
// Writes bench/results/eval-tracks.json.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { progressLine } from '../src/lib/server/progress';
import { evaluateTracks } from './eval/tracks';

const { values } = parseArgs({ options: { size: { type: 'string', default: '10000' }, seed: { type: 'string', default: 'icd-2026' } } });
const progress = progressLine(process.stderr);
const report = evaluateTracks({ size: Number(values.size), seed: values.seed!, onProgress: (text) => progress.update(text) });
progress.done();
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync('bench/results/eval-tracks.json', JSON.stringify({ ...report, followed: report.followed.length }, null, 2) + '\n');
const pct = (v: number | null) => (v === null ? 'n/a' : `${(100 * v).toFixed(1)} %`);
const s = report.settings;
console.log(
	`Organisations' tracks on the generated data: ${s.sizePerComponent.toLocaleString('en')} records per component, seed ${s.seed}, ${s.organisations} organisations`
);
console.log(
	`  campaign weeks  ${pct(report.campaignWeeks.share)} of ${report.campaignWeeks.tested} weeks with ≥ ${s.minWeekRecords} records: a track passes within ${s.passKm} km of the week's town`
);
console.log(
	`  in order        ${pct(report.campaignsInOrder.share)} of ${report.campaignsInOrder.campaigns} campaigns: their towns passed in the calendar's order`
);
for (const m of report.misses.slice(0, 5))
	console.log(`                  missed: ${m.campaign}, week ${m.week}, ${m.town} (nearest point ${m.nearestKm ?? '–'} km)`);
console.log(
	`  cost            ${report.msPerOrganisation.median.toFixed(1)} ms an organisation (median; at most ${report.msPerOrganisation.max.toFixed(1)} ms)`
);
