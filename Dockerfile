# syntax=docker/dockerfile:1
# Patient portal: one image for every node. Build: docker build -t patient-portal .
# Run read-only: docker run --read-only --tmpfs /tmp -v portal-data:/var/lib/portal ... (docs/operations.md)

# A Node LTS line in support (Node 20 reached its end of life in April 2026); the image takes its
# patch releases when rebuilt. `engines` keeps what CI proves (>= 20.19).
ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: all dependencies; type-check the server, then build it and the web app ----------
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/protocol/package.json packages/protocol/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
# Only what builds: each package's src/ and build files, never test/, testing/ or tools/.
COPY tsconfig.base.json tsconfig.json ./
COPY packages/protocol/tsconfig.json packages/protocol/
COPY packages/protocol/src packages/protocol/src
COPY apps/server/tsconfig.json apps/server/build.mjs apps/server/
COPY apps/server/src apps/server/src
# The tools' command-line parser, bundled into each tool.
COPY scripts/parse-cli.mjs scripts/parse-cli.d.mts scripts/
COPY apps/web/index.html apps/web/vite.config.ts apps/web/tsconfig.json apps/web/
COPY apps/web/src apps/web/src
COPY apps/web/public apps/web/public
COPY apps/web/build-plugins apps/web/build-plugins
# What ships is type-checked: the server and the protocol it bundles.
RUN npx tsc -b packages/protocol apps/server \
    && npm run build

# --- runtime: the built server, its migrations and production dependencies only -----------
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
RUN npm ci --omit=dev --no-audit --no-fund -w apps/server \
    && npm cache clean --force
# JavaScript with source maps (the protocol package bundled in); no sources, tests or loader.
COPY --from=build /src/apps/server/dist apps/server/dist
COPY apps/server/drizzle apps/server/drizzle
# healthcheck for HEALTHCHECK; builds and server for `npm run migrate` and the other tools.
COPY scripts/healthcheck.mjs scripts/builds.mjs scripts/server.mjs scripts/
COPY --from=build /src/apps/web/dist apps/web/dist
# The only writable places a read-only root needs: DATA_DIR (volume) and /tmp (tmpfs).
RUN mkdir -p /var/lib/portal && chown node:node /var/lib/portal
USER node
VOLUME ["/var/lib/portal"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "scripts/healthcheck.mjs"]
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
