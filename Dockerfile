# One image for all five apps; APP selects which one runs.
#   docker build -t sameday .
#   docker run -e APP=api-gateway -e DATABASE_URL=… -e REDIS_URL=… sameday
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY tsconfig.base.json tsconfig.build.json ./
COPY apps ./apps
COPY libs ./libs
COPY bench ./bench
COPY drills ./drills
# libs/testing and the benches take the launcher's types from tools/infra's JSDoc.
COPY tools ./tools
RUN npx tsc -p tsconfig.build.json

FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY tools/register-paths.js ./tools/register-paths.js
COPY package.json ./
USER node
ENV APP=api-gateway
# `migrate` instead of `main` runs the app's migrations and exits (init container / one-off job).
ENV ENTRY=main
CMD ["sh", "-c", "exec node -r ./tools/register-paths.js dist/apps/${APP}/src/${ENTRY}.js"]
