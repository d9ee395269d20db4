# syntax=docker/dockerfile:1
# Patient portal: one image for every node. Build: docker build -t patient-portal .
# Run read-only: docker run --read-only --tmpfs /tmp -v portal-data:/var/lib/portal ... (docs/operations.md)

ARG NODE_IMAGE=node:20.19-bookworm-slim

# --- build: all dependencies, then the web app ---------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/protocol/package.json packages/protocol/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY packages/protocol packages/protocol
COPY apps/web apps/web
RUN npm run build

# --- runtime: production dependencies of the server only ------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/portal \
    WEB_DIST=/app/apps/web/dist \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/protocol/package.json packages/protocol/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund -w packages/protocol -w apps/server \
    && npm cache clean --force
COPY tsconfig.base.json tsconfig.json ./
COPY packages/protocol/src packages/protocol/src
COPY apps/server/tsconfig.json apps/server/
COPY apps/server/drizzle apps/server/drizzle
COPY apps/server/src apps/server/src
COPY scripts/healthcheck.mjs scripts/
COPY --from=build /src/apps/web/dist apps/web/dist
# The only writable places a read-only root needs: DATA_DIR (volume) and /tmp (tmpfs, tsx's cache).
RUN mkdir -p /var/lib/portal && chown node:node /var/lib/portal
USER node
VOLUME ["/var/lib/portal"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "scripts/healthcheck.mjs"]
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
