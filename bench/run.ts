import { benchApi } from "./api.ts";

// npm run bench: the budgets of DESIGN §7 that a benchmark checks; prints one line per figure.
const { lines } = await benchApi();
for (const line of lines) console.log(line);
