#!/usr/bin/env bash
# Installs (when missing) and starts Debian's PostgreSQL on 127.0.0.1:5432 with a test role and database,
# then prints the URL for TEST_DATABASE_URL. Run as root (CI is).
set -euo pipefail
if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
if [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
  pg_createcluster "$(ls /usr/lib/postgresql | sort -V | tail -n 1)" main >&2
fi
read -r ver cluster port status _ < <(pg_lsclusters -h | head -n 1)
if [ "$status" != "online" ]; then
  pg_ctlcluster "$ver" "$cluster" start >&2
fi
su postgres -c "psql -p $port -tAc \"select 1 from pg_roles where rolname='tandem'\"" | grep -q 1 ||
  su postgres -c "psql -p $port -qc \"create role tandem login password 'tandem'\"" >&2
su postgres -c "psql -p $port -tAc \"select 1 from pg_database where datname='tandem_test'\"" | grep -q 1 ||
  su postgres -c "createdb -p $port -O tandem tandem_test" >&2
echo "postgres://tandem:tandem@127.0.0.1:$port/tandem_test"
