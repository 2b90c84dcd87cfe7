// deck.gl's animation loop asks the browser for a frame 60 times a second whether or not anything
// changed. In the interleaved overlay MapLibre draws deck.gl's layers in its own frames; deck.gl's
// loop only takes up the layers it was handed, picks under the pointer for the tooltip, notices
// when a layer's loaded image needs a redraw, and asks MapLibre for that frame. Asking 60 times a
// second kept an idle explorer tab at 10.6 % of a core (Chromium's CPU time over 10 s, software
// WebGL, 20,000 records); parked, 0.2 %. So the loop runs at the display's rate while it has work
// (something to redraw or take up), while the pointer moves over the map and just after new
// layers arrive, and otherwise looks a few times a second.
/** How long after the pointer moved or layers arrived the loop keeps the display's rate. */
const AWAKE_MS = 500;
/** How often a parked loop looks for work nobody woke it for (an icon atlas that finished loading). */
const IDLE_LOOK_MS = 250;

interface FrameProvider {
	requestAnimationFrame(callback: FrameRequestCallback): number;
	cancelAnimationFrame(id: number): void;
}

/** The parts of luma.gl's AnimationLoop (deck.animationLoop) this module sets: it reads its frame provider at every frame. */
interface AnimationLoopProps {
	props: { animationFrameProvider: FrameProvider };
}

/** What deck.gl says about pending work (public methods of Deck and its LayerManager). */
export interface DeckWork {
	needsRedraw(opts: { clearRedrawFlags: boolean }): string | false;
	layerManager: { needsUpdate(): string | false } | null;
}

/** The clock and frames the pacing uses: the browser's, or a test's. */
export interface PacingEnv {
	now(): number;
	frame(callback: FrameRequestCallback): number;
	cancelFrame(id: number): void;
}

const browserFrames: PacingEnv = {
	now: () => performance.now(),
	frame: (callback) => requestAnimationFrame(callback),
	cancelFrame: (id) => cancelAnimationFrame(id)
};

export interface DeckLoopPacing {
	/** Something happened that the loop must answer at the display's rate: the pointer moved, layers arrived. */
	wake(): void;
	/** Frames asked of the browser since the page began, for the page's handle (tests read it). */
	readonly framesAsked: number;
}

/**
 * Paces a deck.gl animation loop (`deck.animationLoop`): at the display's rate while there is work
 * or it was woken in the last AWAKE_MS, otherwise one look every IDLE_LOOK_MS.
 */
export function paceDeckLoop(loop: AnimationLoopProps, deck: DeckWork, env: PacingEnv = browserFrames): DeckLoopPacing {
	const { now } = env;
	let awakeUntil = now() + AWAKE_MS;
	let parked: FrameRequestCallback | null = null;
	let idleLook: ReturnType<typeof setTimeout> | undefined;
	let frame = 0;
	let framesAsked = 0;

	const ask = (callback: FrameRequestCallback): void => {
		framesAsked++;
		frame = env.frame(callback);
	};
	const unpark = (): void => {
		clearTimeout(idleLook);
		const callback = parked;
		parked = null;
		if (callback) ask(callback);
	};
	const hasWork = (): boolean => {
		try {
			return !!deck.needsRedraw({ clearRedrawFlags: false }) || !!deck.layerManager?.needsUpdate();
		} catch {
			// Not set up yet (or finalised): let the loop run as deck.gl made it.
			return true;
		}
	};

	loop.props.animationFrameProvider = {
		requestAnimationFrame(callback) {
			if (now() < awakeUntil || hasWork()) ask(callback);
			else {
				parked = callback;
				idleLook = setTimeout(unpark, IDLE_LOOK_MS);
			}
			// One loop, one frame outstanding: the id only has to cancel it.
			return 1;
		},
		cancelAnimationFrame() {
			env.cancelFrame(frame);
			clearTimeout(idleLook);
			parked = null;
		}
	};

	return {
		wake() {
			awakeUntil = now() + AWAKE_MS;
			if (parked) unpark();
		},
		get framesAsked() {
			return framesAsked;
		}
	};
}

/** The deck.gl instance inside MapboxOverlay, as far as pacing needs it (a private field in @deck.gl/mapbox 9.x: checked where it is read). */
export function overlayDeck(overlay: object): (DeckWork & { animationLoop: AnimationLoopProps }) | null {
	const deck = (overlay as { _deck?: Partial<DeckWork> & { animationLoop?: Partial<AnimationLoopProps> | null } })._deck;
	if (!deck?.animationLoop?.props || typeof deck.needsRedraw !== 'function' || !('layerManager' in deck)) return null;
	return deck as DeckWork & { animationLoop: AnimationLoopProps };
}
