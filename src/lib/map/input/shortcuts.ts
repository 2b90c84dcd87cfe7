// The map's keyboard shortcuts: space plays and pauses, the arrows step, Escape closes the topmost
// thing, Ctrl+Z (⌘Z) undoes a filter change. Never while typing or in a dialog, and never when the
// control that has the focus uses those keys itself (buttons, the table's grid).
export interface ShortcutActions {
	/** An area is being drawn: Escape cancels it. */
	drawing(): boolean;
	cancelDrawing(): void;
	undo(): void;
	escape(): void;
	togglePlay(): void;
	step(direction: 1 | -1): void;
}

export function onShortcut(e: KeyboardEvent, a: ShortcutActions): void {
	const target = e.target as HTMLElement | null;
	if (e.key === 'Escape' && a.drawing()) return a.cancelDrawing();
	// Never while typing or in a dialog: the keys belong to the control that has the focus.
	const typing = !!target?.closest('input, select, textarea, [contenteditable], [role="dialog"], dialog');
	if (!typing && !e.defaultPrevented && (e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z') {
		e.preventDefault();
		return a.undo();
	}
	if (e.key === 'Escape' && !typing) return a.escape();
	if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing || target?.closest('button, [role="grid"]')) return;
	if (e.key === ' ') a.togglePlay();
	else if (e.key === 'ArrowRight') a.step(1);
	else if (e.key === 'ArrowLeft') a.step(-1);
	else return;
	e.preventDefault();
}
