import { describe, expect, it } from 'vitest';
import { rectangle } from '../../geo/areas';
import { EMPTY_FILTER } from '../filter';
import { describeFilters } from './describe';

describe('the briefing subtitle', () => {
	it('names the drawn areas beside the other filters', () => {
		const areas = [
			rectangle(30, 10, 35, 16, 'Khartoum belt'),
			{
				kind: 'polygon' as const,
				name: 'Area 2',
				ring: [
					[1, 1],
					[3, 1],
					[2, 4]
				] as [number, number][]
			}
		];
		const text = describeFilters({ ...EMPTY_FILTER, countries: ['Sudan'], areas }, '1 Jan 2023 – 31 Dec 2024', 1234);
		expect(text).toBe('1 Jan 2023 – 31 Dec 2024 · Sudan · within Khartoum belt and Area 2 · all entities · ICD and ICDB, videos and images · 1,234 records');
		expect(describeFilters(EMPTY_FILTER, null, 5)).not.toContain('within');
	});
});
