/// <reference types="astro/client" />

declare namespace App {
  // The Fastify host passes these to every page (src/server/routes/pages.ts).
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- a global declaration cannot use an import statement
  type Locals = import("./server/routes/pages.ts").PageLocals;
}
