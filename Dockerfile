# syntax=docker/dockerfile:1
# lockerd in a container, for hosts that reach registries: the web app built with
# Node, embedded in a static Go binary (CGO_ENABLED=0: SQLite is modernc.org/sqlite,
# pure Go), run as user 65532 in an image of nothing else. Build from the
# repository's root with the version the rest of the build carries:
#   docker build --build-arg VERSION="$(scripts/version.sh)" -t lockers/lockerd .
#   docker run -p 8080:8080 -v lockers-data:/data lockers/lockerd
# Without a registry or a daemon, `make image` builds the same image with buildah
# (deploy/Containerfile): the last stage below is that file line for line, and both
# take their files from scripts/image-rootfs.sh. docs/operations.md: variables, volumes,
# health checks.

ARG VERSION=""

FROM node:20-bookworm-slim AS web
ARG VERSION
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
# No browser downloads: nothing here runs one.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY web/ ./
# An empty VERSION leaves package.json's version (web/build/version.ts).
RUN LOCKERS_VERSION="$VERSION" npm run build

FROM golang:1.26-bookworm AS go
ARG VERSION
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist ./web/dist
# As `make build`: embedweb puts the web app inside the binary, timetzdata the zone
# database (stations keep their own time zones); an empty VERSION leaves
# package.json's (internal/version).
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -tags embedweb,timetzdata \
      -ldflags "-s -w -X lockers/internal/version.stamped=${VERSION}" -o /out/lockerd ./cmd/lockerd

# The image's files, laid out by the script `make image` uses, with Debian's CA
# bundle made from the ca-certificates package's own certificates.
FROM debian:bookworm-slim AS rootfs
RUN apt-get update -qq && cd /tmp && apt-get download -q ca-certificates
COPY scripts/image-rootfs.sh /usr/local/bin/image-rootfs.sh
COPY --from=go /out/lockerd /tmp/lockerd
RUN image-rootfs.sh /tmp/lockerd /tmp/ca-certificates_*_all.deb /image

FROM scratch
ARG VERSION
COPY --from=rootfs /image/rootfs/ /
COPY --from=rootfs --chown=65532:65532 /image/data/ /data/
USER 65532:65532
ENV HTTP_ADDR=0.0.0.0:8080 DATABASE_URL=sqlite:/data/lockers.db PHOTO_DIR=/data/photos DEMO_SEED=false
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8080
LABEL org.opencontainers.image.title="lockerd" org.opencontainers.image.version="${VERSION}" org.opencontainers.image.description="Lockers: the smart-locker rental service (API and web app)"
ENTRYPOINT ["/usr/local/bin/lockerd"]
CMD ["serve"]
