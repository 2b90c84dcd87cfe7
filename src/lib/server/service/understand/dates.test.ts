import { describe, expect, it } from 'vitest';
import { hull, readDates } from './dates';

const NOW = new Date('2026-11-24T12:00:00Z');
const read = (q: string, now = NOW) => readDates(q, now).map((d) => [d.from ?? null, d.to ?? null, d.label]);

describe('readDates', () => {
	it('reads years, months and ranges as whole periods', () => {
		expect(read('recruitment of children in Sudan 2023')).toEqual([['2023-01-01', '2023-12-31', '2023']]);
		expect(read('events in March 2022')).toEqual([['2022-03-01', '2022-03-31', 'March 2022']]);
		expect(read('between March and May 2023')).toEqual([['2023-03-01', '2023-05-31', 'March–May 2023']]);
		expect(read('from March to May 2023')).toEqual([['2023-03-01', '2023-05-31', 'March–May 2023']]);
		expect(read('2019-2021')).toEqual([['2019-01-01', '2021-12-31', '2019–2021']]);
		expect(read('from 2019 to 2021')).toEqual([['2019-01-01', '2021-12-31', '2019–2021']]);
	});

	it('reads open periods', () => {
		expect(read('since 2024')).toEqual([['2024-01-01', null, 'since 2024']]);
		expect(read('from 2021')).toEqual([['2021-01-01', null, 'since 2021']]);
		expect(read('after 2020')).toEqual([['2021-01-01', null, 'since 2021']]);
		expect(read('before 2019')).toEqual([[null, '2018-12-31', 'up to 2018']]);
		expect(read('until 2016')).toEqual([[null, '2016-12-31', 'up to 2016']]);
	});

	it('reads relative dates against the clock it is given', () => {
		expect(read('last month')).toEqual([['2026-10-01', '2026-10-31', 'October 2026']]);
		expect(read('last month', new Date('2027-01-05T00:00:00Z'))).toEqual([['2026-12-01', '2026-12-31', 'December 2026']]);
		expect(read('past two weeks')).toEqual([['2026-11-10', '2026-11-24', '2026-11-10 to 2026-11-24']]);
		expect(read('this year')).toEqual([['2026-01-01', '2026-12-31', '2026']]);
		expect(read('last year')).toEqual([['2025-01-01', '2025-12-31', '2025']]);
		// A month without a year is the latest one not in the future.
		expect(read('What happened in March?')).toEqual([['2026-03-01', '2026-03-31', 'March 2026']]);
		expect(read('What happened in December?')).toEqual([['2025-12-01', '2025-12-31', 'December 2025']]);
	});

	it('does not read numbers, verbs or the future as dates', () => {
		expect(read('a protest march in Khartoum')).toEqual([]);
		expect(read('what may happen next')).toEqual([]);
		expect(read('2000 people fled')).toEqual([]);
		expect(read('plans for 2099')).toEqual([]);
	});

	it('keeps two named periods apart, and hull covers both', () => {
		const spans = readDates('Sudan vs Chad in 2022 and 2023', NOW);
		expect(spans.map((s) => s.label)).toEqual(['2022', '2023']);
		expect(hull(spans)).toEqual({ from: '2022-01-01', to: '2023-12-31' });
		expect(hull(readDates('since 2024', NOW))).toEqual({ from: '2024-01-01', to: undefined });
	});
});
