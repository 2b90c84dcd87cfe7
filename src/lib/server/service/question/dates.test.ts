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
		// "Videos from 2021" are dated 2021; "from 2021 onwards" is open.
		expect(read('videos from 2021')).toEqual([['2021-01-01', '2021-12-31', '2021']]);
		expect(read('from 2021 onwards')).toEqual([['2021-01-01', null, 'since 2021']]);
		expect(read('2019 and later')).toEqual([['2019-01-01', null, 'since 2019']]);
		expect(readDates('protests from 2021 onwards', NOW)[0].text).toBe('from 2021 onwards');
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

	it('reads the part of a year a question names, not the whole year', () => {
		expect(read('protests in the first half of 2023')).toEqual([['2023-01-01', '2023-06-30', 'January–June 2023']]);
		expect(read('H2 2020')).toEqual([['2020-07-01', '2020-12-31', 'July–December 2020']]);
		expect(read('attacks in Q3 2022')).toEqual([['2022-07-01', '2022-09-30', 'July–September 2022']]);
		expect(read('the second quarter of 2023')).toEqual([['2023-04-01', '2023-06-30', 'April–June 2023']]);
		expect(read('the last quarter of 2024')).toEqual([['2024-10-01', '2024-12-31', 'October–December 2024']]);
		expect(read('clashes in early 2020')).toEqual([['2020-01-01', '2020-04-30', 'January–April 2020']]);
		expect(read('in mid-2022')).toEqual([['2022-05-01', '2022-08-31', 'May–August 2022']]);
		expect(read('late 2021')).toEqual([['2021-09-01', '2021-12-31', 'September–December 2021']]);
		expect(read('at the end of 2022')).toEqual([['2022-10-01', '2022-12-31', 'October–December 2022']]);
		expect(read('floods in spring 2024')).toEqual([['2024-03-01', '2024-05-31', 'March–May 2024']]);
		expect(read('during the winter of 2022')).toEqual([['2021-12-01', '2022-02-28', 'December 2021 – February 2022']]);
		// Joined and opened like any other period.
		expect(read('between early 2020 and late 2021')).toEqual([['2020-01-01', '2021-12-31', '2020–2021']]);
		expect(read('from late 2019 to mid 2021')).toEqual([['2019-09-01', '2021-08-31', 'September 2019 – August 2021']]);
		expect(read('since late 2022')).toEqual([['2022-09-01', null, 'since September 2022']]);
		// A named event is not a season.
		expect(read('the Arab Spring 2011 protests')).toEqual([['2011-01-01', '2011-12-31', '2011']]);
		// The words of the part go with it: they are not searched as text.
		expect(readDates('protests in the first half of 2023', NOW)[0].text).toBe('the first half of 2023');
	});

	it('reads decades, "this week", "the past decade", "2023/24" and a closed "since … until …"', () => {
		expect(read('in the 1990s')).toEqual([['1990-01-01', '1999-12-31', '1990–1999']]);
		expect(read('before the 2010s')).toEqual([[null, '2009-12-31', 'up to 2009']]);
		expect(read('people in their 90s')).toEqual([]);
		// 2026-11-24 is a Tuesday: the week began on Monday the 23rd.
		expect(read('this week')).toEqual([['2026-11-23', '2026-11-24', '2026-11-23 to 2026-11-24']]);
		expect(read('over the past decade')).toEqual([['2016-11-24', '2026-11-24', '2016-11-24 to 2026-11-24']]);
		expect(read('in 2023/24')).toEqual([['2023-01-01', '2024-12-31', '2023–2024']]);
		expect(read('since 2015 until 2018')).toEqual([['2015-01-01', '2018-12-31', '2015–2018']]);
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
