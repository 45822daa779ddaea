# The site as a container image (docs/deploy.md). Written without a Docker engine to try it on:
# minimal and conventional on purpose.

# Build: every dependency (the build tools are devDependencies), the build, then only what runs.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --omit=optional

# Run: as the unprivileged `node` user, the server started directly (no npm, no shell) so that
# SIGTERM reaches it and the graceful shutdown runs.
FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4321
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/src ./src
COPY --from=build --chown=node:node /app/scripts ./scripts
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 4321
HEALTHCHECK --interval=10s --timeout=3s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "src/server/main.ts"]
