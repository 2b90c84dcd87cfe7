// Page metadata shared by the paged responses (structured search, natural language search).

export interface PageMeta {
	itemsReceived: number;
	curPage: number;
	nextPage: number | null;
	prevPage: number | null;
	offset: number;
	perPage: number;
	itemsTotal: number;
	pageTotal: number;
}

/** nextPage/prevPage are null at the ends; a page past the end points back to the last one. */
export function pageMeta(page: number, perPage: number, itemsTotal: number, itemsReceived: number): PageMeta {
	const pageTotal = Math.ceil(itemsTotal / perPage);
	return {
		itemsReceived,
		curPage: page,
		nextPage: page < pageTotal ? page + 1 : null,
		prevPage: page > 1 ? Math.min(page - 1, Math.max(pageTotal, 1)) : null,
		offset: (page - 1) * perPage,
		perPage,
		itemsTotal,
		pageTotal
	};
}
