# One image for all five apps (APP selects which one runs), the local
# Stripe-compatible server and the driver simulator; and, as target
# `dashboard`, the dashboard's static files on nginx.
#   docker build -t sameday .
#   docker run -e APP=api-gateway -e DATABASE_URL=… -e REDIS_URL=… sameday
# e2e/platform/image-install.e2e-spec.ts runs this file's install and
# start steps (prod-deps and runtime stages) in a clean directory, since CI has
# no Docker engine.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY tsconfig.base.json tsconfig.build.json tsconfig.web.json ./
COPY apps ./apps
COPY libs ./libs
COPY bench ./bench
COPY drills ./drills
# libs/testing and the benches take the launcher's types from tools/infra's JSDoc.
COPY tools ./tools
RUN npx tsc -p tsconfig.build.json
# The web apps' static files (dist/apps/dashboard, dist/apps/driver-app), served by the gateway at /dashboard and /driver.
RUN node tools/dashboard/build.js

FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only; no install script of ours or theirs is needed at run time.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# The dashboard's own image, the static build on unprivileged nginx (uid 101, port 8080):
#   docker build --target dashboard -t sameday-dashboard .
# Before `runtime`, so that a plain `docker build .` still makes the apps' image.
FROM nginxinc/nginx-unprivileged:1.27-alpine AS dashboard
COPY tools/dashboard/nginx/dashboard.conf /etc/nginx/conf.d/default.conf
COPY tools/dashboard/nginx/security-headers.conf /etc/nginx/dashboard/security-headers.conf
COPY --from=build /app/dist/apps/dashboard /usr/share/nginx/html/dashboard
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY tools/register-paths.js ./tools/register-paths.js
COPY tools/stripe-local ./tools/stripe-local
COPY tools/drivers ./tools/drivers
COPY tools/infra/paths.js tools/infra/secrets-key.js ./tools/infra/
COPY package.json ./
# Volumes mounted at /data (photos, mail, the simulator's fleet) take this owner.
RUN mkdir -p /data && chown node:node /data
# Never root: uid 1000 (node) owns nothing it runs, and may write /tmp only.
USER node
ENV APP=api-gateway
# V8's heap limits, the same as tools/infra/launcher.js's APP_HEAP_ARGS (npm start, tests, benches).
ENV NODE_OPTIONS="--max-old-space-size=128 --max-semi-space-size=4"
# `migrate` instead of `main` runs the app's migrations and exits (init container / one-off job).
ENV ENTRY=main
ENV OPS_PORT=9000
# SIGTERM reaches Node directly: `exec` makes it PID 1 (the apps handle
# SIGTERM and SIGINT themselves and start no child processes to reap).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.OPS_PORT||9000)+'/health/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
CMD ["sh", "-c", "exec node -r ./tools/register-paths.js dist/apps/${APP}/src/${ENTRY}.js"]
