# syntax=docker/dockerfile:1
#
# Staff web app + embedded /api/v1 backend in one image (ARCHITECTURE.md §1).
#
#   docker build -t solar-back-office .
#   docker run -p 3000:3000 -v office-data:/data -e EMBEDDED_DATABASE=1 \
#     -e SESSION_SECRET=... -e APP_URL=https://office.example.com -e ADMIN_EMAIL=... -e ADMIN_PASSWORD=... \
#     -e FLW_PUBLIC_KEY=... -e FLW_SECRET_KEY=... -e FLW_WEBHOOK_HASH=... solar-back-office
#
# Without the three Flutterwave keys the server refuses to start, unless PAYMENT_SANDBOX=1 chooses the
# built-in sandbox provider (test payments, no money moves; only staff with write:Sales complete them).
#
# The database is named: EMBEDDED_DATABASE=1 (PGlite in /data, one container) or DATABASE_URL (PostgreSQL,
# any number of containers; compose.yaml is the recipe). Migrations and the first admin are applied by the
# app at start, one container at a time; with MIGRATE_ON_START=0 run `node build/migrate.js` first, as a
# one-off container of this image. APP_URL is required: the address e-mailed links are built from.
# Optional settings (docs/configuration.md):
# API_BASE_URL, SUPPORT_EMAIL, FLW_*, MAPS_API_KEY, INSECURE_COOKIES=1 (only for plain-HTTP intranets),
# TRUST_PROXY=1 behind one reverse proxy (client address, HTTPS and host from its X-Forwarded-* headers).
#
# No Docker engine runs on the team's machines: `npm run docker:check` (scripts/docker-check.sh) replays
# this file's COPY and npm steps in a temporary folder and starts the result. It reads the stage names,
# WORKDIRs, COPY lines, npm RUN lines, ENV and CMD from here, so keep them in that simple form
# (exec-form CMD, absolute paths after --from=, no .dockerignore negations).

# ---- deps: every dependency, dev ones included, exactly as locked ----------------------------------
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The lock was made with npm 11; npm 10 (bundled with node:20) installs a v3 lock the same way.
# package.json's "overrides" (rollup) must stay: the lock was generated with it.
RUN npm ci --no-audit --no-fund

# ---- build: Remix/Vite build (build/server/, build/client/), the web server (build/server.js), the API
FROM deps AS build
WORKDIR /app
COPY . .
RUN npm run build

# ---- runtime ---------------------------------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
# Found at start as path.resolve(process.cwd(), "backend/db/migrations") (override: MIGRATIONS_DIR).
COPY --from=build /app/backend/db/migrations ./backend/db/migrations

# The app and its node_modules stay root-owned (read-only to the app); only /data is writable.
# The official image's unprivileged "node" user (uid 1000) runs the server.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000

# No curl in the slim image: node's own fetch. Gives the first start (migrations, PGlite initdb) a minute.
# /livez: the process answers. A load balancer asks /readyz instead (database reachable, not stopping).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# Signals: node is started directly (exec form), not through `npm start` or a shell, so SIGTERM from
# `docker stop` reaches it. The server (backend/shutdown.ts) handles SIGTERM and SIGINT: /readyz answers 503
# for SHUTDOWN_DELAY_MS (0) while requests are still served, then it stops accepting connections, gives
# requests in flight SHUTDOWN_DRAIN_MS (8 s), closes the database and exits 0: within docker's default stop
# period of 10 s. Longer settings need a longer one (`docker stop -t`, compose's stop_grace_period). Because it installs handlers, the kernel's "PID 1 ignores signals it has no handler
# for" rule does not apply. The server spawns no child processes, so there are no zombies to reap and no
# init is needed; `docker run --init` (tini) is a harmless extra. tini is deliberately not installed: it
# would need apt at build time for no gain. `npm run docker:check` sends SIGTERM to this exact command and
# reports how long it takes to exit (docker stop sends SIGKILL after 10 s).
STOPSIGNAL SIGTERM
CMD ["node", "build/server.js"]
