// The search bar's suggestions, added to its plain search field on first use (loaded then, so the
// header's script stays small): the field becomes an APG combobox whose listbox lists what
// /search/suggestions finds. Without script, or before this loads, the form submits to /search.
import { MARK_END, MARK_START } from "../../rules/match-marks.ts";
import {
  INITIAL_SUGGEST,
  suggestAnnouncement,
  suggestReducer,
  type SuggestAction,
  type SuggestItem,
  type SuggestState,
} from "./suggest-state.ts";

const ENDPOINT = "/search/suggestions";
/** Fewest letters and digits typed before asking (the endpoint says the same). */
const MIN_CHARACTERS = 2;
const DELAY_MS = 120;

/** `text` with its marked parts in <mark>: built as nodes, so nothing in it is read as HTML. */
function markedNodes(text: string): Node[] {
  return text.split(MARK_START).flatMap((part, i) => {
    if (i === 0) return part ? [document.createTextNode(part)] : [];
    const [inside = "", after = ""] = part.split(MARK_END);
    const mark = document.createElement("mark");
    mark.textContent = inside;
    return after ? [mark, document.createTextNode(after)] : [mark];
  });
}

/**
 * Turns `input` into a combobox listing suggestions in `host` (an element the page leaves
 * empty). Choosing one goes to its page (`navigate`). Returns a function that undoes it.
 */
export function enhanceSearchInput(
  input: HTMLInputElement,
  host: HTMLElement,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): () => void {
  const listId = `${input.id}-suggestions`;
  const list = document.createElement("ul");
  list.id = listId;
  list.className = "search-suggest__list";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Suggestions");
  const status = document.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  host.replaceChildren(list, status);
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-controls", listId);
  input.setAttribute("autocomplete", "off");

  let state: SuggestState = INITIAL_SUGGEST;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let request: AbortController | undefined;
  const optionId = (i: number) => `${listId}-${i}`;

  // The one place that writes the DOM from the state.
  function render(previous: SuggestState) {
    input.setAttribute("aria-expanded", String(state.isOpen));
    list.hidden = !state.isOpen;
    if (state.active >= 0) input.setAttribute("aria-activedescendant", optionId(state.active));
    else input.removeAttribute("aria-activedescendant");
    if (state.items !== previous.items) {
      list.replaceChildren(
        ...state.items.map((item, i) => {
          const option = document.createElement("li");
          option.id = optionId(i);
          option.className = "search-suggest__option";
          option.setAttribute("role", "option");
          option.dataset.url = item.url;
          const kind = Object.assign(document.createElement("span"), {
            className: "search-suggest__kind",
            textContent: item.label,
          });
          const title = document.createElement("span");
          title.className = "search-suggest__title";
          title.append(...markedNodes(item.title));
          option.append(kind, " ", title);
          if (item.detail) {
            const detail = Object.assign(document.createElement("span"), {
              className: "search-suggest__detail",
              textContent: item.detail,
            });
            option.append(" ", detail);
          }
          return option;
        }),
      );
    }
    list.querySelectorAll("[role=option]").forEach((option, i) => {
      option.setAttribute("aria-selected", String(i === state.active));
    });
    if (state.active >= 0) list.children[state.active]?.scrollIntoView({ block: "nearest" });
  }

  function dispatch(action: SuggestAction) {
    const previous = state;
    state = suggestReducer(state, action);
    render(previous);
  }

  async function fetchSuggestions(text: string) {
    request?.abort();
    request = new AbortController();
    try {
      const response = await fetch(`${ENDPOINT}?q=${encodeURIComponent(text)}`, {
        signal: request.signal,
        headers: { accept: "application/json" },
      });
      if (!response.ok) throw new Error(`suggestions: ${response.status}`);
      const { items } = (await response.json()) as { items: SuggestItem[] };
      if (input.value !== text) return;
      dispatch({ type: "itemsArrived", items });
      status.textContent = suggestAnnouncement(items.length);
    } catch (error) {
      // The form still searches; a failed or stale suggestion only leaves the list closed.
      if ((error as Error).name !== "AbortError") dispatch({ type: "cleared" });
    }
  }

  function handleInput() {
    clearTimeout(timer);
    const text = input.value;
    if ((text.match(/[\p{L}\p{N}]/gu) ?? []).length < MIN_CHARACTERS) {
      request?.abort();
      dispatch({ type: "cleared" });
      status.textContent = "";
      return;
    }
    timer = setTimeout(() => void fetchSuggestions(text), DELAY_MS);
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (state.items.length === 0) return;
      event.preventDefault();
      dispatch({ type: "moved", by: event.key === "ArrowDown" ? 1 : -1 });
    } else if (event.key === "Enter" && state.isOpen && state.active >= 0) {
      event.preventDefault();
      navigate(state.items[state.active]!.url);
    } else if (event.key === "Escape" && state.isOpen) {
      // Handled here: the search bar closes on the next Escape, not this one.
      event.preventDefault();
      dispatch({ type: "closed" });
    }
  }

  const handleBlur = () => dispatch({ type: "closed" });
  // A press on an option keeps focus in the field, so the list is still there for the click.
  const handlePointerDown = (event: Event) => event.preventDefault();
  const handleClick = (event: Event) => {
    const option = (event.target as Element).closest<HTMLElement>("[role=option]");
    if (option?.dataset.url) navigate(option.dataset.url);
  };

  input.addEventListener("input", handleInput);
  input.addEventListener("keydown", handleKeyDown);
  input.addEventListener("blur", handleBlur);
  list.addEventListener("pointerdown", handlePointerDown);
  list.addEventListener("mousedown", handlePointerDown);
  list.addEventListener("click", handleClick);
  render(INITIAL_SUGGEST);
  // What was typed before this loaded counts too (not the query a results page filled in).
  if (input.value !== input.defaultValue) handleInput();

  return () => {
    clearTimeout(timer);
    request?.abort();
    input.removeEventListener("input", handleInput);
    input.removeEventListener("keydown", handleKeyDown);
    input.removeEventListener("blur", handleBlur);
    for (const name of ["role", "aria-autocomplete", "aria-controls", "aria-expanded"])
      input.removeAttribute(name);
    input.removeAttribute("aria-activedescendant");
    host.replaceChildren();
  };
}
