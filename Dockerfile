# The reference server's image (the default target) and the gateway's (`--target gateway`), built
# from this repository: one stage installs and builds the workspace, then each runtime stage holds
# one app's built files and the production dependencies `pnpm deploy` gives it, on Node 20.
# compose.yaml builds both. `docker build -t assistant-platform/server .`
# The build downloads nothing but packages (Debian's and npm's): no `# syntax=` frontend image, no
# prebuilt binary, no Node headers. It builds with BuildKit or the classic builder alike.

FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles its binding where no prebuilt one can be downloaded, against the headers
# the Node image ships (node-gyp would otherwise download them too).
ENV npm_config_nodedir=/usr/local
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /repo
# The pnpm of package.json's packageManager field, then every package of the lockfile into pnpm's
# store: these layers change only with the lockfile, so a change to the sources reuses them.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
RUN npm install --global "pnpm@$(node -p "require('./package.json').packageManager.split('@')[1].split('+')[0]")"
RUN pnpm fetch
COPY . .
RUN pnpm install --offline --frozen-lockfile
RUN pnpm exec turbo run build --filter=@assistant-platform/server --filter=@assistant-platform/gateway
# Each app as its package publishes it (package.json's `files`: dist/, and the server's drizzle/
# migrations) with its production dependencies only; the server bundles everything else into dist/.
RUN pnpm --filter @assistant-platform/server deploy --prod --legacy /out/server \
 && pnpm --filter @assistant-platform/gateway deploy --prod --legacy /out/gateway \
 && test -f /out/server/dist/cli.js && test -d /out/server/drizzle && test -f /out/gateway/dist/cli.js

FROM node:20-bookworm-slim AS gateway
ENV NODE_ENV=production GATEWAY_HOST=0.0.0.0 GATEWAY_PORT=4020 LOG_FORMAT=json
WORKDIR /app
COPY --from=build /out/gateway ./
USER node
EXPOSE 4020
# The check starts a Node process, which takes seconds on a loaded host: 10 s each, 30 s to start.
HEALTHCHECK --interval=5s --timeout=10s --start-period=30s --retries=12 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.GATEWAY_PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "dist/cli.js"]

FROM node:20-bookworm-slim AS server
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4010 LOG_FORMAT=json
WORKDIR /app
COPY --from=build /out/server ./
# A SQLite database (DATABASE_URL's default, ./.data/assistant.sqlite) is written here.
RUN mkdir .data && chown node:node .data
USER node
EXPOSE 4010
# The check starts a Node process, which takes seconds on a loaded host: 10 s each, 30 s to start.
HEALTHCHECK --interval=5s --timeout=10s --start-period=30s --retries=12 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node options: apps/server/node-options.json (its README, Node options).
ENTRYPOINT ["node", "--initial-old-space-size=128", "dist/cli.js"]
CMD ["serve"]
