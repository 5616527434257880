#!/usr/bin/env bash
# Regenerates the lesson recordings, db/seed/recordings/lesson-*.ogg, from the
# transcripts in db/seed/courses/recordings.ts (each written to its `file`).
# They are paid content, so not in public/: the seed puts them in the media
# bucket under their SHA-256. After regenerating one, set its audioUrl to
# /media/<sha256sum of the new file>.ogg (db/seed/practice-audio.test.ts fails
# until it matches).
#
#   scripts/make-lesson-audio.sh                          # all lesson recordings
#   scripts/make-lesson-audio.sh bracketing               # only the one with this key
#
# Made like the practice recordings (bell, spoken guidance, bell; the same
# markup, bell, levelling and encoding) but in the library's default voice and
# bitrate: see scripts/lib/audio.sh.
#
# Requires: node_modules (tsx), espeak-ng, sox, opus-tools (opusenc, opusinfo), jq.
# Debian: apt-get install espeak-ng sox libsox-fmt-all opus-tools jq
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/audio.sh
AUDIO_OUT_DIR="${AUDIO_OUT_DIR:-$ROOT/db/seed/recordings}"
source "$ROOT/scripts/lib/audio.sh"

# Titles written into the files' tags (the lessons these recordings belong to).
declare -A TITLES=(
  [morningPremeditation]="The Morning Premeditation"
  [groundingSenses]="Grounding Through the Senses"
  [bracketing]="Bracketing Assumptions"
)

audio_init
# [{ "id": "<key>", "file": "lesson-....ogg", "transcript": "..." }, ...]
"$TSX" -e '
  import(process.argv[1]).then(({ lessonRecordings }) => {
    const out = Object.entries(lessonRecordings).map(([id, { file, transcript }]) => ({ id, file, transcript }));
    process.stdout.write(JSON.stringify(out, null, 2) + "\n");
  });
' "$ROOT/db/seed/courses/recordings.ts" >"$WORK/transcripts.json"

if [[ $# -gt 0 ]]; then ids=("$@"); else mapfile -t ids < <(jq -r '.[].id' "$WORK/transcripts.json"); fi
for id in "${ids[@]}"; do
  file="$(jq -r --arg id "$id" '.[] | select(.id == $id) | .file // empty' "$WORK/transcripts.json")"
  [[ "$file" == *.ogg ]] || { echo "error: no lesson recording \"$id\" with an .ogg file" >&2; exit 1; }
  make_recording "$id" "$OUT_DIR/$file" "${TITLES[$id]:-Lesson recording}" "lesson $id"
done
