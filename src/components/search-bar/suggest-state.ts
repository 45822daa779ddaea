// Pure: the state of the search bar's suggestions list (the APG combobox pattern, list
// autocomplete with manual selection): what is listed, whether it shows, which option is active.

/** One suggestion as /search/suggestions sends it (the title marks matches, src/rules/match-marks.ts). */
export interface SuggestItem {
  readonly kind: string;
  readonly label: string;
  readonly title: string;
  readonly url: string;
  readonly detail: string | null;
}

export interface SuggestState {
  readonly items: readonly SuggestItem[];
  readonly isOpen: boolean;
  /** The active option's index; -1 while focus stays on the text. */
  readonly active: number;
}

export type SuggestAction =
  | { type: "itemsArrived"; items: readonly SuggestItem[] }
  | { type: "cleared" }
  | { type: "moved"; by: 1 | -1 }
  | { type: "closed" };

export const INITIAL_SUGGEST: SuggestState = { items: [], isOpen: false, active: -1 };

/** The next state. Down opens a closed list on its first option; moves wrap around. */
export function suggestReducer(state: SuggestState, action: SuggestAction): SuggestState {
  switch (action.type) {
    case "itemsArrived":
      return { items: action.items, isOpen: action.items.length > 0, active: -1 };
    case "cleared":
      return INITIAL_SUGGEST;
    case "closed":
      return { ...state, isOpen: false, active: -1 };
    case "moved": {
      const n = state.items.length;
      if (n === 0) return state;
      if (!state.isOpen) return { ...state, isOpen: true, active: action.by === 1 ? 0 : n - 1 };
      const active = state.active === -1 && action.by === -1 ? n - 1 : state.active + action.by;
      return { ...state, active: (active + n) % n };
    }
  }
}

/** What a screen reader hears when suggestions arrive. */
export function suggestAnnouncement(count: number): string {
  if (count === 0) return "No suggestions.";
  return `${count} ${count === 1 ? "suggestion" : "suggestions"}. Use the Up and Down keys to choose one.`;
}
