#!/usr/bin/env bash
# `npm run docker:check`: what `docker build` + `docker run` would do with ./Dockerfile, without a Docker
# engine (none runs on the team's machines or in CI).
#
#  1. Copies the working tree (tracked + untracked-but-not-ignored files) into a temporary build context
#     and removes what .dockerignore excludes.
#  2. Replays the Dockerfile stage by stage, each stage in its own folder standing for its file system:
#     FROM (a base image starts empty; the host's node stands in for the image's; FROM <stage> starts
#     from that stage), WORKDIR, ENV, COPY (with --from=<stage>), and the RUN steps that are npm commands.
#     Other RUN steps (mkdir/chown of /data, ...) need a container's root file system and are listed as
#     skipped. A COPY whose source does not exist fails the check, so the recipe and this script cannot
#     drift apart: the runtime folder holds exactly what the image's last stage would hold.
#  3. Starts the last stage's CMD in its WORKDIR with its ENV (NODE_ENV=production ...) and nothing else
#     from this shell, plus HOST=127.0.0.1, a free PORT, a temporary DATA_DIR, SESSION_SECRET and
#     ADMIN_EMAIL/ADMIN_PASSWORD; waits for /healthz = 200, runs the Dockerfile's HEALTHCHECK command,
#     probes /login = 200, signs in through the form with curl (302 to /home with the userData cookie)
#     and opens /home with that cookie.
#  4. Sends SIGTERM (what `docker stop` does; SIGKILL after 10 s) and reports how long the server took to
#     exit: a failure when it takes over 5 s or has to be killed.
#  5. Starts it again on the same DATA_DIR (the /data volume), signs in again and stops it.
#
# Every step is bounded in time. Exit status 0 = all good; anything else comes with a message.
# DOCKER_CHECK_KEEP=1 keeps the temporary folder for a look afterwards.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DOCKERFILE="$ROOT/Dockerfile"
DOCKERIGNORE="$ROOT/.dockerignore"
STEP_TIMEOUT="${DOCKER_CHECK_STEP_TIMEOUT:-900}" # seconds for one npm step
START_TIMEOUT="${DOCKER_CHECK_START_TIMEOUT:-60}" # seconds for /healthz to answer 200
STOP_TIMEOUT=10                                   # docker stop's default grace period before SIGKILL
ADMIN_EMAIL="docker-check@example.com"
ADMIN_PASSWORD="Docker-check-1234"

say() { printf '\n==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
fail() {
  printf '\ndocker-check: FAILED: %s\n' "$*" >&2
  exit 1
}

[[ -f $DOCKERFILE ]] || fail "no Dockerfile in $ROOT"
command -v curl >/dev/null || fail "curl is needed"
command -v git >/dev/null || fail "git is needed"
git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1 || fail "$ROOT is not a git checkout (the build context is taken from git's file list)"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/docker-check.XXXXXX")"
SERVER_PID=""
cleanup() {
  local status=$?
  if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 $((STOP_TIMEOUT * 10))); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ ${DOCKER_CHECK_KEEP:-0} == 1 ]]; then
    echo "docker-check: kept $WORK"
  else
    rm -rf "$WORK"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Runs a command with a time limit; names the step when it fails.
bounded() {
  local what=$1 limit=$2
  shift 2
  local rc=0
  timeout --kill-after=10 "$limit" "$@" || rc=$?
  if ((rc == 124 || rc == 137)); then fail "$what took longer than ${limit}s"; fi
  ((rc == 0)) || fail "$what exited with status $rc"
}

# JSON array (exec form) -> NUL-separated words; the caller reads them with mapfile.
json_words() {
  node -e '
    let a;
    try { a = JSON.parse(process.argv[1]); } catch { process.exit(2); }
    if (!Array.isArray(a) || a.length === 0) process.exit(2);
    for (const s of a) process.stdout.write(String(s) + "\0");
  ' "$1"
}

free_port() {
  node -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# ---------------------------------------------------------------------------------------------------
say "Reading $(basename "$DOCKERFILE")"
INSTRS=()
buffer=""
while IFS= read -r line || [[ -n $line ]]; do
  line=${line%$'\r'}
  [[ $line =~ ^[[:space:]]*# ]] && continue
  [[ -z $buffer && $line =~ ^[[:space:]]*$ ]] && continue
  if [[ $line =~ \\[[:space:]]*$ ]]; then
    buffer+="${line%\\*} "
    continue
  fi
  buffer+="$line"
  buffer="${buffer#"${buffer%%[![:space:]]*}"}"
  INSTRS+=("$buffer")
  buffer=""
done <"$DOCKERFILE"
[[ -z $buffer ]] || fail "the Dockerfile ends inside a line continuation"
((${#INSTRS[@]} > 0)) || fail "the Dockerfile is empty"
note "${#INSTRS[@]} instructions"

keyword_of() { local k=${1%%[[:space:]]*}; printf '%s' "${k^^}"; }
args_of() { local a=${1#*[[:space:]]}; printf '%s' "${a#"${a%%[![:space:]]*}"}"; }

# The host's node stands in for the base image's: the major versions must agree.
first_from=""
for instr in "${INSTRS[@]}"; do
  if [[ $(keyword_of "$instr") == FROM ]]; then first_from=$(args_of "$instr"); break; fi
done
host_major=$(node -p 'process.versions.node.split(".")[0]')
if [[ $first_from =~ (^|/)node:([0-9]+) ]]; then
  [[ ${BASH_REMATCH[2]} == "$host_major" ]] ||
    fail "the Dockerfile's base is Node ${BASH_REMATCH[2]} but this machine runs Node $host_major: the check would not be faithful"
  note "base image ${first_from%% *} (stood in for by this machine's node $(node -v))"
else
  note "base image is not an official node image (${first_from}); using this machine's node $(node -v)"
fi
grep -qi '^ENTRYPOINT' "$DOCKERFILE" && fail "ENTRYPOINT is not replayed by this check; use an exec-form CMD"

# ---------------------------------------------------------------------------------------------------
say "Build context: working tree (tracked + untracked files not ignored by git) minus .dockerignore"
CONTEXT="$WORK/context"
mkdir -p "$CONTEXT"
(
  cd "$ROOT"
  git ls-files -z --cached --others --exclude-standard --deduplicate |
    while IFS= read -r -d '' file; do
      # Tracked files deleted in the working tree are not part of it.
      if [[ -e $file || -L $file ]]; then printf '%s\0' "$file"; fi
    done |
    tar --null --no-recursion -T - -cf - |
    tar -xf - -C "$CONTEXT"
)
if [[ -f $DOCKERIGNORE ]]; then
  (
    cd "$CONTEXT"
    shopt -s globstar nullglob dotglob
    while IFS= read -r pattern || [[ -n $pattern ]]; do
      pattern=${pattern%$'\r'}
      pattern="${pattern#"${pattern%%[![:space:]]*}"}"
      pattern="${pattern%"${pattern##*[![:space:]]}"}"
      [[ -z $pattern || $pattern == \#* ]] && continue
      [[ $pattern == !* ]] && fail ".dockerignore negation '$pattern' is not supported by this check"
      pattern=${pattern#/}
      pattern=${pattern%/}
      # shellcheck disable=SC2206 # the pattern is meant to be expanded as a glob here
      matches=($pattern)
      for match in "${matches[@]}"; do rm -rf -- "$match"; done
    done <"$DOCKERIGNORE"
  )
fi
note "$(find "$CONTEXT" -type f | wc -l) files, $(du -sh "$CONTEXT" | cut -f1)"

# Every COPY source from the context must exist in it; --from must name an earlier stage. Checked up front,
# before the slow steps (sources in other stages are checked when their COPY runs).
declare -A KNOWN_STAGES=()
stage_count=0
for instr in "${INSTRS[@]}"; do
  keyword=$(keyword_of "$instr")
  args=$(args_of "$instr")
  if [[ $keyword == FROM ]]; then
    read -r -a words <<<"$args"
    KNOWN_STAGES[$stage_count]=1
    if ((${#words[@]} >= 3)) && [[ ${words[1],,} == as ]]; then KNOWN_STAGES[${words[2]}]=1; fi
    stage_count=$((stage_count + 1))
  elif [[ $keyword == COPY || $keyword == ADD ]]; then
    [[ $keyword == ADD ]] && fail "ADD is not replayed by this check; use COPY ($instr)"
    [[ $args == \[* ]] && fail "JSON-form COPY is not replayed by this check ($instr)"
    read -r -a words <<<"$args"
    from=""
    sources=()
    for word in "${words[@]}"; do
      case $word in
        --from=*) from=${word#--from=} ;;
        --*) ;;
        *) sources+=("$word") ;;
      esac
    done
    ((${#sources[@]} >= 2)) || fail "COPY needs a source and a destination ($instr)"
    unset 'sources[-1]'
    if [[ -n $from ]]; then
      [[ -n ${KNOWN_STAGES[$from]:-} ]] || fail "COPY --from=$from does not name an earlier stage ($instr)"
      continue
    fi
    for source in "${sources[@]}"; do
      (
        cd "$CONTEXT"
        shopt -s nullglob dotglob
        # shellcheck disable=SC2206
        found=()
        for candidate in ${source#/}; do if [[ -e $candidate || -L $candidate ]]; then found+=("$candidate"); fi; done
        ((${#found[@]} > 0)) || fail "COPY source '$source' is not in the build context (missing, or excluded by .dockerignore): $instr"
      )
    done
  fi
done
note "COPY sources from the context: all present"

# ---------------------------------------------------------------------------------------------------
declare -A STAGE_ROOT=() STAGE_WORKDIR=() STAGE_ENV=() STAGE_CMD=()
stage_index=-1
stage_name=""
root=""
workdir="/"
envs=()     # this stage's ENV, as NAME=value
cmd_json="" # this stage's CMD (exec form)
health_json=""

save_stage() {
  [[ -n $stage_name ]] || return 0
  STAGE_ROOT[$stage_name]=$root
  STAGE_WORKDIR[$stage_name]=$workdir
  STAGE_ENV[$stage_name]=$(printf '%s\n' "${envs[@]}")
  STAGE_CMD[$stage_name]=$cmd_json
  if [[ $stage_name != "$stage_index" ]]; then
    STAGE_ROOT[$stage_index]=$root
    STAGE_WORKDIR[$stage_index]=$workdir
    STAGE_ENV[$stage_index]=${STAGE_ENV[$stage_name]}
    STAGE_CMD[$stage_index]=$cmd_json
  fi
}

# An image path (absolute, or relative to WORKDIR) -> the stage folder's path.
in_stage() {
  local p=$1
  [[ $p == /* ]] || p="${workdir%/}/$p"
  printf '%s%s' "$root" "$p"
}

run_npm_steps() {
  local command_line=$1 part
  local -a parts=()
  # Steps are split on "&&"; only npm commands are run (from this stage's WORKDIR, with its ENV).
  local rest=$command_line
  while [[ $rest == *"&&"* ]]; do
    parts+=("${rest%%&&*}")
    rest=${rest#*&&}
  done
  parts+=("$rest")
  for part in "${parts[@]}"; do
    part="${part#"${part%%[![:space:]]*}"}"
    part="${part%"${part##*[![:space:]]}"}"
    if [[ $part =~ ^npm[[:space:]]+cache ]]; then
      note "skipped: $part (would clear this machine's npm cache)"
    elif [[ $part =~ ^npm[[:space:]] ]]; then
      note "run: $part"
      # An image build starts with none of this shell's NODE_ENV / npm omit settings, only the stage's ENV.
      # Prefer the local npm cache: the image build would download, this check need not.
      (cd "$(in_stage .)" && bounded "'$part'" "$STEP_TIMEOUT" \
        env -u NODE_ENV -u NODE_OPTIONS -u npm_config_omit -u npm_config_include -u npm_config_production \
        npm_config_prefer_offline=true "${envs[@]}" bash -c "$part")
    else
      note "skipped (system step, needs the image's root file system): $part"
    fi
  done
}

do_copy() {
  local args=$1 from="" word
  local -a words=() sources=()
  read -r -a words <<<"$args"
  for word in "${words[@]}"; do
    case $word in
      --from=*) from=${word#--from=} ;;
      --*) ;;
      *) sources+=("$word") ;;
    esac
  done
  local dest=${sources[-1]}
  unset 'sources[-1]'
  local src_root
  if [[ -n $from ]]; then
    src_root=${STAGE_ROOT[$from]:-}
    [[ -n $src_root ]] || fail "COPY --from=$from: no such stage"
  else
    src_root=$CONTEXT
  fi
  local -a matches=()
  local source match
  local -a found
  for source in "${sources[@]}"; do
    if [[ -n $from && $source != /* ]]; then fail "COPY --from sources must be absolute paths ($source)"; fi
    shopt -s nullglob dotglob
    # shellcheck disable=SC2206
    found=()
    for match in "$src_root"/${source#/}; do if [[ -e $match || -L $match ]]; then found+=("$match"); fi; done
    shopt -u nullglob dotglob
    ((${#found[@]} > 0)) || fail "COPY source '$source' does not exist in ${from:+stage \"$from\"}${from:-the build context} (COPY $args)"
    matches+=("${found[@]}")
  done
  local target
  target=$(in_stage "$dest")
  local dest_is_dir=0
  if [[ $dest == */ || $dest == . || $dest == */. || ${#matches[@]} -gt 1 || -d $target ]]; then dest_is_dir=1; fi
  local match
  for match in "${matches[@]}"; do
    if [[ -d $match ]]; then
      mkdir -p "$target"
      cp -a --remove-destination "$match/." "$target/"
    elif ((dest_is_dir)); then
      mkdir -p "$target"
      cp -a --remove-destination "$match" "$target/"
    else
      mkdir -p "$(dirname "$target")"
      cp -a --remove-destination "$match" "$target"
    fi
  done
  note "copied ${sources[*]} -> $dest${from:+ (from stage $from)}"
}

for instr in "${INSTRS[@]}"; do
  keyword=$(keyword_of "$instr")
  args=$(args_of "$instr")
  case $keyword in
    FROM)
      save_stage
      read -r -a words <<<"$args"
      stage_index=$((stage_index + 1))
      stage_name=$stage_index
      if ((${#words[@]} >= 3)) && [[ ${words[1],,} == as ]]; then stage_name=${words[2]}; fi
      root="$WORK/fs/$stage_index"
      mkdir -p "$root"
      base=${words[0]}
      if [[ -n ${STAGE_ROOT[$base]:-} ]]; then
        say "Stage $stage_name (from stage $base)"
        cp -al "${STAGE_ROOT[$base]}/." "$root/"
        workdir=${STAGE_WORKDIR[$base]}
        mapfile -t envs <<<"${STAGE_ENV[$base]}"
        [[ -n ${envs[0]:-} ]] || envs=()
        cmd_json=${STAGE_CMD[$base]}
      else
        say "Stage $stage_name (from image $base)"
        workdir="/"
        envs=()
        cmd_json=""
      fi
      ;;
    WORKDIR)
      if [[ $args == /* ]]; then workdir=$args; else workdir="${workdir%/}/$args"; fi
      mkdir -p "$root$workdir"
      ;;
    ENV)
      read -r -a words <<<"$args"
      if [[ ${words[0]} != *=* ]]; then
        envs+=("${words[0]}=${args#"${words[0]}"}")
      else
        for word in "${words[@]}"; do
          value=${word#*=}
          value=${value#\"}
          value=${value%\"}
          envs+=("${word%%=*}=$value")
        done
      fi
      note "ENV $args"
      ;;
    COPY) do_copy "$args" ;;
    RUN)
      [[ $args == \[* ]] && fail "JSON-form RUN is not replayed by this check ($instr)"
      run_npm_steps "$args"
      ;;
    CMD)
      [[ $args == \[* ]] || fail "CMD must be in exec form (JSON array) so signals reach node ($instr)"
      cmd_json=$args
      ;;
    HEALTHCHECK)
      [[ $args =~ (^|[[:space:]])CMD[[:space:]]+(.*)$ ]] || fail "HEALTHCHECK without CMD ($instr)"
      health_json=${BASH_REMATCH[2]}
      ;;
    USER | EXPOSE | VOLUME | STOPSIGNAL | LABEL | ARG | SHELL) note "$keyword $args (not replayed)" ;;
    *) fail "instruction $keyword is not replayed by this check ($instr)" ;;
  esac
done
save_stage

# ---------------------------------------------------------------------------------------------------
APP_DIR=$(in_stage .)
say "Runtime stage '$stage_name': $(du -sh "$root" | cut -f1) in its file system"
[[ -n $cmd_json ]] || fail "the last stage has no CMD"
mapfile -d '' -t CMD_WORDS < <(json_words "$cmd_json") || true
((${#CMD_WORDS[@]} > 0)) || fail "CMD is not a JSON array of strings: $cmd_json"
[[ -n $health_json ]] || fail "the last stage has no HEALTHCHECK"
mapfile -d '' -t HEALTH_WORDS < <(json_words "$health_json") || true
((${#HEALTH_WORDS[@]} > 0)) || fail "HEALTHCHECK CMD must be a JSON array of strings: $health_json"
for required in build/server.js build/server/index.js build/server/spreadsheet-worker.js build/spreadsheet-worker.js build/client/assets build/api/server.js build/api/spreadsheet-worker.js backend/db/migrations; do
  [[ -e $APP_DIR/$required ]] || fail "the runtime stage lacks $required"
done
# The web server's own packages (build/server.js keeps them external) must be production dependencies.
for package in express @remix-run/express compression; do
  [[ -d $APP_DIR/node_modules/$package ]] || fail "the runtime stage lacks node_modules/$package"
done
[[ ! -d $APP_DIR/node_modules/@remix-run/dev ]] || fail "the runtime stage has dev dependencies (@remix-run/dev)"
note "build/ (server, client assets, the spreadsheet workers), backend/db/migrations and production node_modules are in place"

PORT=$(free_port)
DATA_DIR="$WORK/data"
mkdir -p "$DATA_DIR" "$WORK/home"
SERVER_LOG="$WORK/server.log"
BASE="http://127.0.0.1:$PORT"
# The container's environment: the Dockerfile's ENV, then what `docker run -e` would add. Nothing else
# from this shell (no DATABASE_URL, API_BASE_URL, MIGRATIONS_DIR ... leaking in).
RUN_ENV=(PATH="$(dirname "$(command -v node)"):/usr/local/bin:/usr/bin:/bin" HOME="$WORK/home")
RUN_ENV+=("${envs[@]}")
# PAYMENT_SANDBOX=1: without Flutterwave keys the image refuses to start unless the sandbox is chosen;
# EMBEDDED_DATABASE=1: without DATABASE_URL it refuses unless the embedded database is chosen.
RUN_ENV+=(HOST=127.0.0.1 PORT="$PORT" DATA_DIR="$DATA_DIR" SESSION_SECRET="docker-check-session-secret-$$-$RANDOM"
  ADMIN_EMAIL="$ADMIN_EMAIL" ADMIN_PASSWORD="$ADMIN_PASSWORD" PAYMENT_SANDBOX=1 EMBEDDED_DATABASE=1
  APP_URL="http://127.0.0.1:$PORT")

server_log_tail() {
  echo "---- last lines of the server's output ----" >&2
  tail -n 40 "$SERVER_LOG" >&2 || true
  echo "-------------------------------------------" >&2
}

# `docker run`: the CMD in the WORKDIR with the container's environment; waits for /healthz = 200.
start_server() {
  (cd "$APP_DIR" && exec env -i "${RUN_ENV[@]}" "${CMD_WORDS[@]}") >>"$SERVER_LOG" 2>&1 &
  SERVER_PID=$!
  local started=$SECONDS status=""
  while ((SECONDS - started < START_TIMEOUT)); do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      server_log_tail
      fail "the server exited during start"
    fi
    status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$BASE/healthz" || true)
    [[ $status == 200 ]] && break
    sleep 0.5
  done
  if [[ $status != 200 ]]; then
    server_log_tail
    fail "/healthz did not answer 200 within ${START_TIMEOUT}s (last status: ${status:-none})"
  fi
  note "/healthz = 200 after $((SECONDS - started))s"
  local body
  body=$(curl -s --max-time 10 "$BASE/healthz" || true)
  [[ $body == *'"status":"ok"'* ]] || fail "/healthz answered $body, expected {\"status\":\"ok\"}"
}

# Signs in through the form as the admin and opens /home with the session cookie.
sign_in() {
  local headers="$WORK/login-headers.txt" status location cookie
  : >"$headers"
  status=$(curl -s -o /dev/null -D "$headers" -w '%{http_code}' --max-time 20 \
    --data-urlencode intent=login --data-urlencode redirectTo=/home \
    --data-urlencode "email=$ADMIN_EMAIL" --data-urlencode "password=$ADMIN_PASSWORD" \
    "$BASE/?index" || true)
  location=$(tr -d '\r' <"$headers" | sed -n 's/^[Ll]ocation: *//p' | tail -n 1)
  if [[ $status != 302 || $location != /home ]]; then
    server_log_tail
    fail "sign-in answered $status (Location: ${location:-none}), expected 302 to /home"
  fi
  cookie=$(tr -d '\r' <"$headers" | sed -n 's/^[Ss]et-[Cc]ookie: *\(userData=[^;]*\).*/\1/p' | tail -n 1)
  [[ -n $cookie && $cookie != "userData=" ]] || fail "sign-in set no userData cookie"
  local secure=""
  if grep -qi '^set-cookie: userData=.*; *secure' "$headers"; then secure=" (Secure)"; fi
  note "POST /?index = 302 -> /home, userData cookie set$secure"
  status=$(curl -s -o "$WORK/home.html" -w '%{http_code}' --max-time 20 -H "Cookie: $cookie" "$BASE/home" || true)
  [[ $status == 200 ]] || fail "/home with the session cookie answered $status, expected 200"
  note "/home with the cookie = 200 ($(wc -c <"$WORK/home.html") bytes of HTML)"
}

# `docker stop`: SIGTERM, then SIGKILL after the grace period. Sets STOP_MS and STOP_KILLED.
stop_server() {
  local t0=${EPOCHREALTIME/[.,]/} limit=$((STOP_TIMEOUT * 1000000))
  kill -TERM "$SERVER_PID"
  STOP_KILLED=0
  while kill -0 "$SERVER_PID" 2>/dev/null; do
    if ((${EPOCHREALTIME/[.,]/} - t0 >= limit)); then
      kill -KILL "$SERVER_PID" 2>/dev/null || true
      STOP_KILLED=1
      break
    fi
    sleep 0.05
  done
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
  STOP_MS=$(((${EPOCHREALTIME/[.,]/} - t0) / 1000))
}

say "Starting: ${CMD_WORDS[*]} (in the image's $workdir, PORT=$PORT, DATA_DIR=<temp>)"
start_server

say "HEALTHCHECK command: ${HEALTH_WORDS[0]} ..."
if ! env -i "${RUN_ENV[@]}" timeout 10 "${HEALTH_WORDS[@]}"; then
  fail "the Dockerfile's HEALTHCHECK command failed against a healthy server"
fi
note "exit 0"

say "Probing /login and signing in as $ADMIN_EMAIL"
status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$BASE/login" || true)
[[ $status == 200 ]] || fail "/login answered $status, expected 200"
note "/login = 200"
sign_in

say "Stopping with SIGTERM (docker stop: SIGKILL after ${STOP_TIMEOUT}s)"
stop_server
stop_problem=""
if ((STOP_KILLED)); then
  stop_problem="still running ${STOP_TIMEOUT}s after SIGTERM: docker stop would SIGKILL it"
  note "NOT exited after ${STOP_MS} ms: killed, as docker stop would"
else
  note "exited by itself after ${STOP_MS} ms"
  if ((STOP_MS > 5000)); then stop_problem="took ${STOP_MS} ms to exit after SIGTERM, close to docker stop's ${STOP_TIMEOUT}s limit"; fi
fi
if [[ -n $stop_problem ]]; then
  # Idle, the server exits at once: no stop delay by default, and the drain ends with the last request
  # (backend/shutdown.ts).
  fail "slow stop: $stop_problem"
fi

say "Restarting on the same DATA_DIR (the /data volume): migrations re-applied as no-ops, data kept"
start_server
sign_in
stop_server
note "stopped ($([[ $STOP_KILLED == 1 ]] && echo "killed after ${STOP_MS} ms" || echo "exited after ${STOP_MS} ms"))"

cd "$ROOT"
say "docker-check: OK (the Dockerfile's stages build; the runtime stage starts, signs in, stops and restarts on its data)"
