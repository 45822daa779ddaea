/** Private-use characters around matched words; views escape the text, then turn them into <mark>. */
export const MARK_START = "\uE000";
export const MARK_END = "\uE001";
