import { describe, expect, it } from 'vitest';
import type { Interpretation, UnderstoodPart } from '../../types/search';
import { contextOf, follow, requestFields, sameScope, type Followed, type QuestionScope } from './follow';

const open: QuestionScope = { countries: [], entities: [], components: ['video', 'image'] };

function reading(parts: Partial<UnderstoodPart>[], filters: Partial<Interpretation['filters']>): Interpretation {
	return {
		parts: parts.map((p) => ({ kind: 'country', group: 'place', text: '', label: '', status: 'applied', ...p })),
		filters: { countries: [], entities: [], ...filters },
		ignored: []
	};
}

const sudan2023 = reading(
	[
		{ kind: 'country', group: 'place', label: 'Sudan' },
		{ kind: 'date', group: 'date', label: '2023' }
	],
	{ countries: ['Sudan'], date_from: '2023-01-01', date_to: '2023-12-31' }
);

describe('the map follows a reading', () => {
	it('sets the groups the question applied and leaves the others', () => {
		const { scope, followed } = follow(open, {}, sudan2023);
		expect(scope).toEqual({ countries: ['Sudan'], entities: [], components: ['video', 'image'], from: '2023-01-01', to: '2023-12-31' });
		expect(Object.keys(followed).sort()).toEqual(['date', 'place']);
	});

	it('does not follow parts that were overridden or ignored', () => {
		const chad = reading([{ kind: 'country', group: 'place', label: 'Chad', status: 'overridden' }], { countries: ['Sudan'] });
		const start: QuestionScope = { ...open, countries: ['Sudan'] };
		const { scope, followed } = follow(start, {}, chad);
		expect(scope).toEqual(start);
		expect(followed).toEqual({});
	});

	it('does not move the map to a place the data has no record of, but follows the rest of the reading', () => {
		const ukraine = reading(
			[
				{ kind: 'town', group: 'place', label: 'near Kharkiv, Ukraine', value: 'Kharkiv', country: 'Ukraine', inData: false },
				{ kind: 'date', group: 'date', label: '2023' }
			],
			{ countries: ['Ukraine'], date_from: '2023-01-01', date_to: '2023-12-31' }
		);
		const start: QuestionScope = { ...open, countries: ['Sudan'] };
		const { scope, followed } = follow(start, {}, ukraine);
		expect(scope).toEqual({ ...start, from: '2023-01-01', to: '2023-12-31' });
		expect(Object.keys(followed)).toEqual(['date']);

		// Beside a place the data has, the map follows that one alone.
		const both = reading(
			[
				{ kind: 'country', group: 'place', label: 'Ukraine', value: 'Ukraine', inData: false },
				{ kind: 'country', group: 'place', label: 'Chad', value: 'Chad' }
			],
			{ countries: ['Ukraine', 'Chad'] }
		);
		expect(follow(start, {}, both).scope.countries).toEqual(['Chad']);
	});

	it('keeps the analyst’s own filters as the next question’s context', () => {
		const analyst: QuestionScope = { ...open, countries: ['Sudan'], from: '2023-01-01', to: '2024-12-31' };
		const first = follow(analyst, {}, sudan2023);
		expect(first.scope.to).toBe('2023-12-31');
		// The next question is asked within 2023–2024 again, not within the 2023 the question set.
		expect(contextOf(first.scope, first.followed)).toEqual(analyst);
		expect(requestFields(contextOf(first.scope, first.followed))).toEqual({
			country: 'Sudan',
			entity: undefined,
			component: undefined,
			from: '2023-01-01',
			to: '2024-12-31'
		});
	});

	it('lets a follow-up move the place the previous question set', () => {
		const first = follow(open, {}, sudan2023);
		// "and in Chad?": the context no longer holds Sudan, so the service can apply Chad.
		expect(contextOf(first.scope, first.followed).countries).toEqual([]);
		const chad = reading(
			[
				{ kind: 'country', group: 'place', label: 'Chad' },
				{ kind: 'date', group: 'date', label: '2023', fromEarlierQuestion: true }
			],
			{ countries: ['Chad'], date_from: '2023-01-01', date_to: '2023-12-31' }
		);
		const second = follow(first.scope, first.followed, chad);
		expect(second.scope.countries).toEqual(['Chad']);
		// Chad replaced Sudan, but what the analyst had before either is what comes back.
		expect(second.followed.place?.analyst).toEqual({ countries: [] });
	});

	it('gives the analyst’s filter back when a later reading no longer applies the group (a removed chip)', () => {
		const analyst: QuestionScope = { ...open, from: '2020-01-01', to: '2024-12-31' };
		const first = follow(analyst, {}, sudan2023);
		const withoutPlace = reading(
			[
				{ kind: 'date', group: 'date', label: '2023' },
				{ kind: 'country', group: 'place', label: 'Sudan', status: 'ignored' }
			],
			{ countries: [], date_from: '2023-01-01', date_to: '2023-12-31' }
		);
		const second = follow(first.scope, first.followed, withoutPlace);
		expect(second.scope.countries).toEqual([]);
		expect(second.scope.from).toBe('2023-01-01');
		const neither = follow(second.scope, second.followed, reading([], {}));
		expect(sameScope(neither.scope, analyst)).toBe(true);
		expect(neither.followed).toEqual({});
	});

	it('treats a filter the analyst changed after the question as theirs', () => {
		const first = follow(open, {}, sudan2023);
		const changed: QuestionScope = { ...first.scope, countries: ['Iraq'] };
		expect(contextOf(changed, first.followed).countries).toEqual(['Iraq']);
		const next = follow(changed, first.followed, reading([], {}));
		// Iraq stays: it was the analyst's choice, not the question's. The question's dates go back.
		expect(next.scope.countries).toEqual(['Iraq']);
		expect(next.scope.from).toBeUndefined();
	});

	it('follows components and organisations, but not a sub-entity the map cannot filter by', () => {
		const videos = reading([{ kind: 'component', group: 'component', label: 'videos' }], { source_component: 'video' });
		expect(follow(open, {}, videos).scope.components).toEqual(['video']);
		const org = reading([{ kind: 'entity', group: 'organisation', label: 'Blue Star Battalions' }], { entities: ['Blue Star Battalions'] });
		expect(follow(open, {}, org).scope.entities).toEqual(['Blue Star Battalions']);
		const two = reading(
			[
				{ kind: 'entity', group: 'organisation', label: 'Blue Star Battalions' },
				{ kind: 'entity', group: 'organisation', label: 'Lantern Relief Corps' }
			],
			{ entities: ['Blue Star Battalions', 'Lantern Relief Corps'] }
		);
		expect(follow(open, {}, two).scope.entities).toEqual(['Blue Star Battalions', 'Lantern Relief Corps']);
		const sub = reading([{ kind: 'sub_entity', group: 'organisation', label: 'Northern Sector' }], {});
		expect(follow(open, {}, sub).scope).toEqual(open);
	});

	it('sends one country, entity or component only when the map has exactly one', () => {
		expect(requestFields({ ...open, countries: ['Sudan', 'Chad'] }).country).toBeUndefined();
		expect(requestFields({ ...open, components: ['image'] }).component).toBe('image');
	});

	it('remembers nothing it did not set', () => {
		const followed: Followed = {};
		expect(contextOf(open, followed)).toEqual(open);
	});
});
