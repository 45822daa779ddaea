// The characters around a search's matched words, shared by the server that writes them and the
// views (the search page, the search bar's suggestions) that escape the text and turn them into <mark>.

/** Private-use characters around matched words; views escape the text, then turn them into <mark>. */
export const MARK_START = "\uE000";
export const MARK_END = "\uE001";
