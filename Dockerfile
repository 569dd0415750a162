# Huddle: one image with the API server and the built web app.
#
#   docker build -t huddle .
#   docker run -p 3000:3000 -v huddle-data:/data huddle
#
# With no DATABASE_URL the server runs an embedded PostgreSQL with its data in /data and seeds
# a demo community on first start. With DATABASE_URL set, SESSION_SECRET (>= 32 chars)
# is required; see docker-compose.yml for PostgreSQL + Redis + two instances.

# ---- build: all dependencies, web app (apps/web/dist) and server bundle (apps/server/dist)
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first so the dependency layer is cached until they change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies of the server only, plus the built output
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
# The web app is served as static files and @huddle/shared is bundled into server.js,
# so only the server workspace's runtime dependencies are installed.
RUN npm ci --omit=dev --workspace=@huddle/server --no-audit --no-fund \
  && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist

ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000

HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# node is PID 1 and handles SIGTERM itself (drains requests, closes the database).
CMD ["node", "apps/server/dist/server.js"]
