// The Search and Ask panels' side of the map: which panel is open (each stays mounted once opened,
// a conversation lives in it), the map's filters sent as a question's context, and the map
// following what a question was understood as (follow.ts) or what the analyst chose instead.
import type { Interpretation, SearchHit, UnderstoodPart } from '../../types/search';
import type { PinnedRecords } from '../filter';
import type { FilterState } from '../filters.svelte';
import { dayToIso, isoToDay } from '../timeline/days';
import type { FoundRef, Highlights } from '../overlays/highlights';
import { keyOfFound } from '../load/records';
import type { RingOwner } from '../overlays/rings';
import type { Selection } from '../selection.svelte';
import { contextOf, follow, requestFields, sameScope, type Followed, type QuestionScope } from './follow';

export class Questions {
	/** The panel shown on the right, if any. */
	open = $state<RingOwner | null>(null);
	mounted = $state({ search: false, ask: false });
	/** What questions set on the map, beside what the analyst had (follow.ts). */
	private followed = $state.raw<Followed>({});

	private readonly mapScope = $derived.by((): QuestionScope => {
		const { filter } = this.filters;
		return {
			countries: filter.countries,
			entities: filter.entities,
			components: filter.components,
			from: filter.dayFrom !== null ? dayToIso(filter.dayFrom) : undefined,
			to: filter.dayTo !== null ? dayToIso(filter.dayTo) : undefined
		};
	});
	/** The map's filters a question takes (one country, entity, component; dates): the analyst's, not the last question's. */
	readonly context = $derived(requestFields(contextOf(this.mapScope, this.followed)));
	readonly searchScope = $derived.by(() => ({
		datasets: this.filters.filter.datasets,
		components: contextOf(this.mapScope, this.followed).components,
		country: this.context.country,
		entity: this.context.entity,
		from: this.context.from,
		to: this.context.to
	}));

	constructor(
		private readonly filters: FilterState,
		private readonly highlights: Highlights,
		private readonly selection: Selection,
		private readonly redraw: () => void
	) {}

	toggle(which: RingOwner): void {
		this.open = this.open === which ? null : which;
		this.mounted[which] = true;
		if (this.open) {
			// The record's ring and its place in the URL go with its panel.
			if (this.selection.record) this.selection.close();
			this.selection.clusterList = null;
		}
		// The rings follow their panel (overlays/rings.ts).
		this.redraw();
	}

	/** Closes the search or ask panel (it stays mounted: a conversation lives in it) and hides its rings. */
	close(): void {
		this.open = null;
		this.redraw();
	}

	followQuestion(interpretation: Interpretation): void {
		const next = follow(this.mapScope, this.followed, interpretation);
		this.followed = next.followed;
		this.setScope(next.scope);
	}

	/** A part the map's filters overrode, chosen by the analyst instead: it becomes the analyst's own filter. */
	useInstead(part: UnderstoodPart): void {
		const scope = { ...this.mapScope };
		if (part.group === 'place') scope.countries = [part.country ?? part.value ?? ''].filter(Boolean);
		else if (part.group === 'organisation' && part.kind === 'entity' && part.value) scope.entities = [part.value];
		else if (part.group === 'component' && (part.value === 'video' || part.value === 'image')) scope.components = [part.value];
		else if (part.group === 'date') Object.assign(scope, { from: part.date_from, to: part.date_to });
		this.followed = { ...this.followed, [part.group]: undefined };
		this.setScope(scope);
	}

	private setScope(scope: QuestionScope): void {
		if (sameScope(scope, this.mapScope)) return;
		this.filters.set({
			...this.filters.filter,
			countries: scope.countries,
			entities: scope.entities,
			components: scope.components,
			dayFrom: scope.from ? isoToDay(scope.from) : null,
			dayTo: scope.to ? isoToDay(scope.to) : null
		});
	}

	/** "Show only these on the map" (null: all records again). */
	pin(hits: SearchHit[] | null): void {
		if (!hits) return this.filters.set({ ...this.filters.filter, pinned: null });
		const pinned: PinnedRecords = {};
		for (const s of this.highlights.place(hits)) if (s) (pinned[s.part] ??= []).push(s.index);
		this.filters.set({ ...this.filters.filter, pinned });
	}

	/** A result or source clicked: its record opens (ringed where the map has it). */
	openFound(r: FoundRef): void {
		const [spot] = this.highlights.place([r]);
		this.selection.select(keyOfFound(r), spot?.lon, spot?.lat);
	}
}
