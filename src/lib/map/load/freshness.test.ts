import { describe, expect, it } from 'vitest';
import { describeFreshness } from './freshness';

const at = (iso: string) => new Date(iso).getTime();

describe('how current the records are, in words', () => {
	it('says when the service was checked, and what came on top of the copy', () => {
		const now = at('2026-11-28T14:05:00');
		expect(describeFreshness({ checkedAt: at('2026-11-28T14:02:00'), copy: null, added: 959_577 }, now).text).toBe('up to date at 14:02');
		const f = describeFreshness({ checkedAt: at('2026-11-28T14:02:00'), copy: { checkedAt: at('2026-11-27T09:30:00'), records: 959_565 }, added: 12 }, now);
		expect(f.text).toBe('up to date at 14:02 · 12 new since 27 Nov 09:30');
		expect(f.title).toContain("959,565 records came from this browser's copy");
		// Nothing new: the copy was current.
		expect(describeFreshness({ checkedAt: at('2026-11-28T14:02:00'), copy: { checkedAt: at('2026-11-28T13:00:00'), records: 5 }, added: 0 }, now).text).toBe(
			'up to date at 14:02'
		);
	});
});
