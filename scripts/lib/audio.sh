# Shared code for the guided recordings, sourced (not run) by
# scripts/make-practice-audio.sh and scripts/make-lesson-audio.sh.
#
# A recording is: bell, spoken guidance, bell. The guidance is spoken by
# espeak-ng; a blank line between paragraphs becomes PARA_GAP seconds of
# silence, "[pause]" PAUSE_GAP seconds, "[long pause]" LONG_PAUSE_GAP seconds
# and "[bell]" a bell. "[5 minutes of silence]" (or "[1 minute ...]",
# "[90 seconds ...]") is a guided silence: quiet, with a soft bell every
# INTERVAL seconds and at its end. Directions in square brackets are never spoken.
# The bell is synthesised with sox (a decaying 528 Hz partial with a slightly
# detuned twin and a few bell-like overtones, each dying away at its own rate).
# The result is levelled, normalised and encoded as mono Opus in an Ogg
# container (plays in all current browsers).
#
# Usage from a script:
#   source "$ROOT/scripts/lib/audio.sh"
#   audio_init                                   # checks tools, makes $WORK, the bell
#   some-command >"$WORK/transcripts.json"       # [{ "id": ..., "title": ..., "transcript": ... }, ...]
#   make_recording ID OUT_FILE TITLE LABEL       # renders the entry whose id is ID
#
# Requires: node_modules (tsx), espeak-ng, sox, opus-tools (opusenc, opusinfo), jq.
# Debian: apt-get install espeak-ng sox libsox-fmt-all opus-tools jq

: "${ROOT:?set ROOT before sourcing scripts/lib/audio.sh}"
OUT_DIR="${AUDIO_OUT_DIR:-$ROOT/public/audio}"   # AUDIO_OUT_DIR=/tmp/x: write elsewhere, e.g. to compare

VOICE="${VOICE:-en-gb-x-rp}"   # espeak-ng voice (British English, received pronunciation)
SPEED="${SPEED:-135}"          # words per minute (espeak default is 175)
PITCH="${PITCH:-38}"           # 0-99, espeak default 50; a little lower sounds calmer
WORD_GAP="${WORD_GAP:-1}"      # extra pause between words, in units of 10 ms
PARA_GAP="${PARA_GAP:-3}"      # seconds of silence between paragraphs
PAUSE_GAP="${PAUSE_GAP:-6}"    # seconds of silence for [pause]
LONG_PAUSE_GAP="${LONG_PAUSE_GAP:-10}"
SENTENCE_GAP="${SENTENCE_GAP:-0}"   # seconds between sentences, each spoken on its own; 0: a paragraph is spoken in one go
SOFT_BELL_GAIN="${SOFT_BELL_GAIN:--12}"  # dB: the interval bell, quieter than the opening and closing bell
INTERVAL="${INTERVAL:-300}"    # seconds: in a guided silence, a soft bell every INTERVAL and at its end
BITRATE="${BITRATE:-18}"       # Opus kbit/s (VBR); keeps ~3 min files under ~400 KB, still clear for speech
DTX="${DTX:-0}"                # 1: Opus discontinuous transmission, so long silences cost ~0.2 KB/s instead of ~1 KB/s
RATE=48000                     # working sample rate (Opus native rate)

FMT=(-r "$RATE" -c 1 -b 16)
TSX="$ROOT/node_modules/.bin/tsx"

# audio_init: check the tools, make the scratch directory $WORK (removed on
# exit) and the output directory, and synthesise the bell.
audio_init() {
  local cmd
  for cmd in espeak-ng sox opusenc jq; do
    command -v "$cmd" >/dev/null || { echo "error: $cmd is not installed" >&2; exit 1; }
  done
  [[ -x "$TSX" ]] || { echo "error: $TSX not found (run npm install)" >&2; exit 1; }

  WORK="$(mktemp -d)"
  trap 'rm -rf "$WORK"' EXIT
  mkdir -p "$OUT_DIR"
  make_bell
}

# silence FILE SECONDS
silence() { sox -D -n "${FMT[@]}" "$1" trim 0 "$2"; }

# --- The bell -------------------------------------------------------------
# One partial: synthesise a long tone with a logarithmic (i.e. exponential in
# amplitude) fade over DECAY seconds, so it rings at a constant dB/s rate.
# partial FILE FREQ GAIN_DB DECAY
partial() {
  sox -D -n "${FMT[@]}" "$1" synth "$4" sine "$2" gain "$3" fade l 0.006 "$4" "$4"
}
make_bell() {
  local d="$WORK/bell"; mkdir -p "$d"
  partial "$d/p1.wav" 528    0  10    # fundamental, about -10 dB/s
  partial "$d/p2.wav" 530.5 -5  9     # detuned twin: slow, gentle beating
  partial "$d/p3.wav" 1056 -12  5     # octave
  partial "$d/p4.wav" 1430 -14  3.5   # inharmonic "bell" partials die away faster
  partial "$d/p5.wav" 2114 -20  2.2
  partial "$d/p6.wav" 2852 -26  1.4
  sox -D -m "$d"/p{1,2,3,4,5,6}.wav "$d/mix.wav"
  # Keep ~4.5 s, close the tail smoothly, add a little space, then set its level.
  sox -D -G "$d/mix.wav" "$WORK/bell.wav" trim 0 4.5 fade t 0 4.5 1.2 \
    reverb 35 50 60 0 0 -6 gain -n -13
}

# --- Speech ----------------------------------------------------------------
# Spoken respellings for names espeak-ng mispronounces (the transcript keeps
# the proper spelling; only what is fed to the synthesiser changes).
RESPELL=(
  -e 's/Tao Te Ching/Dow Deh Jing/g'
  -e 's/\bwu wei\b/woo way/g'
  -e 's/Jean-Paul Sartre/Zhon Paul Sartre/g'
  -e 's/\bHusserl\b/Hoosserl/g'     # "HOOSS-erl", not espeak's "HUSS-erl"
)
# speak TEXT FILE: one spoken segment, resampled, with espeak's own leading and
# trailing silence trimmed so that the gaps we add are exact.
speak() {
  local txt="$WORK/seg.txt" raw="$WORK/seg-raw.wav"
  printf '%s\n' "$1" | sed "${RESPELL[@]}" >"$txt"
  espeak-ng -v "$VOICE" -s "$SPEED" -p "$PITCH" -g "$WORD_GAP" -w "$raw" -f "$txt"
  sox -D "$raw" "${FMT[@]}" "$2" \
    gain -6 silence 1 0.02 0.1% reverse silence 1 0.02 0.1% reverse
}

# speak_sentences TEXT FILE: like speak, but with SENTENCE_GAP seconds of quiet
# between sentences (each spoken on its own), which espeak-ng's own pauses are
# too short for. With SENTENCE_GAP=0 it is exactly speak.
speak_sentences() {
  if [[ "$SENTENCE_GAP" == 0 ]]; then speak "$1" "$2"; return; fi
  local sentence i=0 files=()
  silence "$WORK/sentence-gap.wav" "$SENTENCE_GAP"
  while IFS= read -r sentence; do
    [[ -n "$sentence" ]] || continue
    i=$((i + 1)); speak "$sentence" "$WORK/sentence-$i.wav"
    [[ $i -gt 1 ]] && files+=("$WORK/sentence-gap.wav")
    files+=("$WORK/sentence-$i.wav")
  done < <(printf '%s\n' "$1" | sed -E 's/([.?!]) +/\1\n/g')
  sox -D "${files[@]}" "$2"
}

# guided_silence FILE SECONDS: SECONDS of quiet in which a soft bell rings every
# INTERVAL seconds and once at the end (the bell's ring counts in SECONDS).
guided_silence() {
  local out="$1" total="$2" soft="$WORK/soft-bell.wav" ring files=() left
  [[ -f "$soft" ]] || sox -D "$WORK/bell.wav" "$soft" gain "$SOFT_BELL_GAIN"
  ring="$(soxi -D "$soft")"
  left="$total"
  while awk -v l="$left" -v i="$INTERVAL" 'BEGIN { exit !(l > i + 60) }'; do
    files+=("$(silent_file "$(awk -v i="$INTERVAL" -v r="$ring" 'BEGIN { print i - r }')")" "$soft")
    left="$(awk -v l="$left" -v i="$INTERVAL" 'BEGIN { print l - i }')"
  done
  files+=("$(silent_file "$(awk -v l="$left" -v r="$ring" 'BEGIN { print l - r }')")" "$soft")
  sox -D "${files[@]}" "$out"
}
# silent_file SECONDS: the path of a (cached) silence of SECONDS.
silent_file() {
  local f="$WORK/silence-$1.wav"
  [[ -f "$f" ]] || silence "$f" "$1"
  printf '%s' "$f"
}

# The plan for one recording (the entry of $WORK/transcripts.json whose id,
# a number or a string, is ID), one step per line:
#   say<TAB>text   |   gap<TAB>seconds   |   bell   |   silence<TAB>seconds
# ("[5 minutes of silence]", "[90 seconds of silence]": a guided silence)
# plan ID
plan() {
  jq -r --arg id "$1" --arg para "$PARA_GAP" --arg pause "$PAUSE_GAP" \
        --arg long "$LONG_PAUSE_GAP" '
    def trim: gsub("^\\s+|\\s+$"; "");
    def direction: ascii_downcase | ltrimstr("[") | rtrimstr("]") | trim;
    .[] | select((.id | tostring) == $id) | .transcript
    | split("\n\n")
    | map(gsub("\\s+"; " ") | [scan("\\[[^\\]]*\\]|[^\\[]+") | trim | select(length > 0)])
    | map(select(length > 0))
    | to_entries[]
    | (if .key > 0 then "gap\t\($para)" else empty end),
      (.value[]
        | if startswith("[") then
            (direction as $d
             | if $d == "pause" then "gap\t\($pause)"
               elif $d == "long pause" then "gap\t\($long)"
               elif $d == "bell" then "bell"
               elif ($d | test("^[0-9]+ (minutes?|seconds?) of silence$")) then
                 ($d | capture("^(?<n>[0-9]+) (?<unit>[a-z])") | "silence\t\((.n | tonumber) * (if .unit == "m" then 60 else 1 end))")
               else "gap\t\($para)" end)
          else "say\t\(.)" end)
  ' "$WORK/transcripts.json"
}

# make_recording ID OUT_FILE TITLE LABEL: render one transcript to OUT_FILE
# (Ogg Opus, TITLE in its tags) and print "LABEL: path  seconds  size".
make_recording() {
  local id="$1" out="$2" title="$3" label="$4"
  local d; d="$WORK/rec-$(printf '%s' "$id" | tr -c 'A-Za-z0-9_-' '_')"; mkdir -p "$d"
  # pieces: the recording in order (bell, voice sections and guided silences);
  # parts: the voice section being built (speech and the gaps between).
  local n=0 pending=0 parts=() pieces=() spoken=0

  # Opening bell, then a moment of quiet before the voice comes in.
  cp "$WORK/bell.wav" "$d/000-bell.wav"; pieces+=("$d/000-bell.wav")
  pending=1.5

  flush_gap() {
    if [[ "$pending" != 0 ]]; then
      n=$((n + 1)); local f; f="$(printf '%s/%03d-gap.wav' "$d" "$n")"
      silence "$f" "$pending"; parts+=("$f"); pending=0
    fi
  }
  # The voice track (speech and the silences between) is levelled on its own,
  # one section (the speech between two guided silences) at a time:
  # a gentle high-pass and treble cut take the edge off the synthetic voice,
  # a little room reverb softens it, and a slow compander evens out loudness.
  flush_voice() {
    [[ ${#parts[@]} -gt 0 ]] || return 0
    n=$((n + 1)); local raw voice; raw="$(printf '%s/%03d-voice-raw.wav' "$d" "$n")"; voice="${raw%-raw.wav}.wav"
    sox -D "${parts[@]}" "$raw"
    sox -D -G "$raw" "$voice" \
      highpass 80 treble -3 3500 \
      reverb 18 60 45 0 0 -10 \
      compand 0.03,0.3 6:-80,-80,-30,-30,0,-15 0 -90 0.03 \
      gain -n -1.5
    pieces+=("$voice"); parts=()
  }

  local kind arg f
  while IFS=$'\t' read -r kind arg; do
    case "$kind" in
      gap) # consecutive gaps (e.g. "[pause]" at the end of a paragraph) merge: the longest wins
           pending="$(awk -v a="$pending" -v b="$arg" 'BEGIN { print (b > a ? b : a) }')" ;;
      say) flush_gap; n=$((n + 1)); spoken=1
           f="$(printf '%s/%03d-say.wav' "$d" "$n")"
           speak_sentences "$arg" "$f"; parts+=("$f") ;;
      bell) flush_gap; n=$((n + 1))
           f="$(printf '%s/%03d-bell.wav' "$d" "$n")"
           cp "$WORK/bell.wav" "$f"; parts+=("$f"); pending=1 ;;
      silence) # a guided silence takes the place of any gap before it; the voice resumes after a breath
           pending=0; flush_voice; n=$((n + 1))
           f="$(printf '%s/%03d-silence.wav' "$d" "$n")"
           guided_silence "$f" "$arg"; pieces+=("$f"); pending=1 ;;
    esac
  done < <(plan "$id")
  flush_voice

  if [[ "$spoken" == 0 ]]; then
    echo "error: no transcript for $label (id $id)" >&2; exit 1
  fi

  # Closing: a few seconds of quiet, then the bell rings out.
  silence "$d/tail-gap.wav" 3
  sox -D "${pieces[@]}" "$d/tail-gap.wav" "$WORK/bell.wav" "$d/final.wav"

  mkdir -p "$(dirname "$out")"
  local dtx=(); [[ "$DTX" == 1 ]] && dtx=(--set-ctl-int 4016=1)   # 4016: OPUS_SET_DTX_REQUEST
  opusenc --quiet --bitrate "$BITRATE" --vbr --comp 10 --framesize 20 "${dtx[@]}" \
    --artist "The Examined Life" --title "$title" \
    "$d/final.wav" "$out"

  local secs kb
  secs="$(soxi -D "$d/final.wav")"
  kb="$(( ($(stat -c %s "$out") + 1023) / 1024 ))"
  printf '%s: %s  %.1f s  %d KB\n' "$label" "${out#"$ROOT/"}" "$secs" "$kb"
}
