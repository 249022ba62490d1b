#!/usr/bin/env bash
# Regenerates every sound in this folder from nothing but sox and lame (Debian: apt-get install sox lame).
# The output is deterministic up to the encoders' versions; commit the MP3s it writes.
#
#   music.mp3  a 24-second loop: a lute-like melody in D dorian (3/4, 120 beats a minute) over an open-fifth
#              drone (D3 + A3) and a plucked bass on each downbeat
#   hover.mp3  a soft short tick for the pointer entering a menu entry
#   click.mp3  a plucked note for choosing an entry
#   card.mp3   a paper swish for a card being played
#   step.mp3   a wooden knock for a token stepping one square
#   win.mp3    a short fanfare for a won game: a rising D major arpeggio (D4 F#4 A4 D5) and a held final chord
#
# All files are 44.1 kHz mono MP3 (music 64 kbit/s, effects 48 kbit/s).
set -euo pipefail
cd "$(dirname "$0")"
command -v sox >/dev/null && command -v lame >/dev/null || { echo "need sox and lame" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rate=44100
export SOX_OPTS="-R" # repeatable dither and noise
beat=0.5 # seconds per beat

# note NAME FREQ BEATS: a plucked, lute-like note with a short release.
note() {
  local out=$1 freq=$2 beats=$3 gain=$4
  local dur
  dur=$(echo "$beats * $beat" | bc -l)
  sox -n -r $rate -c 1 "$out" synth "$dur" pluck "$freq" synth "$dur" sine mix "$freq" \
    vol "$gain" fade 0.005 "$dur" 0.12 2>/dev/null
}

declare -A f=(
  [C3]=130.81 [D3]=146.83 [E3]=164.81 [F3]=174.61 [G3]=196.00 [A3]=220.00 [Bb2]=116.54 [A2]=110.00
  [C4]=261.63 [D4]=293.66 [E4]=329.63 [F4]=349.23 [G4]=392.00 [A4]=440.00 [B4]=493.88 [C5]=523.25 [D5]=587.33
)

# The melody, 16 bars of 3/4: NOTE:BEATS.
melody="D4:2 F4:1  G4:1.5 A4:0.5 G4:1  F4:2 D4:1  E4:2 C4:1
        D4:2 F4:1  A4:1.5 C5:0.5 A4:1  G4:1 F4:1 E4:1  A4:3
        D5:2 C5:1  A4:1.5 G4:0.5 F4:1  G4:2 E4:1  C4:2 E4:1
        D4:2 F4:1  G4:1 A4:1 F4:1  E4:1 C4:1 E4:1  D4:3"
# One bass note per bar (three beats each).
bass="D3 G3 D3 C3  D3 F3 C3 A2  D3 F3 C3 C3  D3 G3 C3 D3"

i=0; parts=()
for nb in $melody; do
  n=${nb%%:*}; b=${nb##*:}
  note "$tmp/m$(printf %03d $i).wav" "${f[$n]}" "$b" 0.55
  parts+=("$tmp/m$(printf %03d $i).wav"); i=$((i+1))
done
sox "${parts[@]}" "$tmp/melody.wav"

i=0; parts=()
for n in $bass; do
  note "$tmp/b$(printf %03d $i).wav" "${f[$n]}" 3 0.35
  parts+=("$tmp/b$(printf %03d $i).wav"); i=$((i+1))
done
sox "${parts[@]}" "$tmp/bass.wav"

len=$(soxi -D "$tmp/melody.wav")
# The drone: an open fifth with a slow swell, like a hurdy-gurdy heard from the next room.
sox -n -r $rate -c 1 "$tmp/drone.wav" synth "$len" sine 146.83 synth "$len" sine mix 220.00 \
  tremolo 0.25 30 vol 0.10 fade 1.5 "$len" 1.5 2>/dev/null

sox -m "$tmp/melody.wav" "$tmp/bass.wav" "$tmp/drone.wav" "$tmp/mix.wav"
sox "$tmp/mix.wav" "$tmp/music.wav" reverb 35 50 60 gain -n -3 fade 0.02 "$len" 0.6
lame --quiet -m m -b 64 --resample 44.1 "$tmp/music.wav" music.mp3

# Effects.
sox -n -r $rate -c 1 "$tmp/hover.wav" synth 0.05 sine 1760 vol 0.25 fade 0.002 0.05 0.04
sox -n -r $rate -c 1 "$tmp/click.wav" synth 0.22 pluck 659.25 synth 0.22 sine mix 1318.5 vol 0.6 fade 0.002 0.22 0.15
sox -n -r $rate -c 1 "$tmp/card.wav" synth 0.16 pinknoise highpass 1800 lowpass 7000 vol 0.6 \
  fade q 0.02 0.16 0.12
sox -n -r $rate -c 1 "$tmp/step.wav" synth 0.09 pluck 196 synth 0.09 brownnoise mix lowpass 900 vol 0.9 \
  fade 0.001 0.09 0.07
for s in hover click card step; do
  sox "$tmp/$s.wav" "$tmp/$s-pad.wav" pad 0 0.05 gain -n -2
  lame --quiet -m m -b 48 --resample 44.1 "$tmp/$s-pad.wav" "$s.mp3"
done
# The win fanfare: four quick plucked notes rising through D major, then the chord held and let ring.
i=0; parts=()
for fr in 293.66 369.99 440.00 587.33; do
  sox -n -r $rate -c 1 "$tmp/w$i.wav" synth 0.16 pluck "$fr" synth 0.16 sine mix "$fr" vol 0.5 fade 0.004 0.16 0.03
  parts+=("$tmp/w$i.wav"); i=$((i+1))
done
sox -n -r $rate -c 1 "$tmp/chord.wav" synth 1.3 pluck 293.66 synth 1.3 pluck mix 369.99 synth 1.3 pluck mix 440.00 \
  synth 1.3 sine mix 587.33 synth 1.3 sine mix 146.83 vol 0.3 fade 0.005 1.3 0.9
sox "${parts[@]}" "$tmp/chord.wav" "$tmp/win-dry.wav"
sox "$tmp/win-dry.wav" "$tmp/win.wav" reverb 30 50 50 gain -n -2 pad 0 0.05
lame --quiet -m m -b 48 --resample 44.1 "$tmp/win.wav" win.mp3
ls -l ./*.mp3
