# syntax=docker/dockerfile:1
# Parley's images (issue 21, docs/deploy.md): one build, three targets that differ only in what they run.
#   docker build --target web    -t parley-web .     # pages + /api (npm run serve), HEALTHCHECK on /api/health
#   docker build --target worker -t parley-worker .  # pg-boss job handlers (npm run worker)
#   docker build --target bot    -t parley-bot .     # one meeting bot (npm run bot): the worker + Debian's Chromium
# Not built on the machine that wrote it (no container daemon there): test/deploy/deploy-files.test.ts
# checks its targets and variables statically in CI.

ARG NODE_IMAGE=node:20.19-bookworm-slim

# --- what every target shares: Node 20, an init that forwards signals and reaps Chromium's children --------
FROM ${NODE_IMAGE} AS base
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app

# --- dependencies from the lock ----------------------------------------------------------------------------
FROM base AS deps
# Native packages ship prebuilt binaries; the compilers are here for any that falls back to a source build.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
# Not `npm ci` (.ci/run says why: the lock lists only this platform's optional native builds, so `npm ci`
# refuses it); a fresh node_modules plus --no-save installs exactly the locked versions.
RUN npm install --no-audit --no-fund --no-save

# --- the build (React Router, the static-page enhancer, whatever `npm run build` adds), then prod deps -----
FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- the runtime: sources, build output and production dependencies, run as a non-root user ----------------
# USER is numeric: Kubernetes' runAsNonRoot (the bot Jobs, the manifests) refuses to start an image whose
# user is a name, since the kubelet cannot tell which uid a name stands for.
FROM base AS runtime
RUN groupadd --system --gid 10001 parley \
  && useradd --system --uid 10001 --gid parley --create-home --home-dir /home/parley parley \
  && mkdir -p /data && chown parley:parley /data
COPY --from=build --chown=parley:parley /app /app
# DATA_DIR holds the models downloaded at start (MODEL_AUTO_DOWNLOAD) and, without DATABASE_URL, PGlite.
ENV NODE_ENV=production \
    DATA_DIR=/data \
    MODEL_DIR=/data/models
ENTRYPOINT ["/usr/bin/tini", "--"]

FROM runtime AS web
USER 10001:10001
ENV PORT=3000 \
    HOST=0.0.0.0
EXPOSE 3000
# /api/health answers 200 when the database, the queue and the storage are ready, 503 otherwise.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "run", "serve"]

FROM runtime AS worker
USER root
# Debian's pocketsphinx: the English fallback speech engine (decision 014).
RUN apt-get update \
  && apt-get install -y --no-install-recommends pocketsphinx pocketsphinx-en-us \
  && rm -rf /var/lib/apt/lists/*
USER 10001:10001
CMD ["npm", "run", "worker"]

# The worker plus Chromium: a bot in a Kubernetes Job, or a worker that starts bots as child processes.
FROM worker AS bot
USER root
# Debian's Chromium, where the bot looks by default (BOT_CHROMIUM_PATH). The bot launches it through
# playwright-core with the flags of src/bot/browser-launch.ts: --no-sandbox (a container has no user
# namespaces for Chromium's sandbox), --disable-dev-shm-usage (/dev/shm is 64 MB in a container),
# --disable-gpu, fake media devices and autoplay, so no extra device or capability is needed here.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-liberation \
  && rm -rf /var/lib/apt/lists/*
USER 10001:10001
ENV BOT_CHROMIUM_PATH=/usr/bin/chromium
# The job comes in PARLEY_BOT_JOB (set by the launcher). Run with `npm run worker` and BOT_CAPACITY > 0,
# this image is a worker that starts bots as its child processes (deploy/compose.yaml does).
CMD ["npm", "run", "bot"]
