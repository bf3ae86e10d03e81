#!/usr/bin/env bash
# Regenerates the landing-page background loop (apps/web/public/media/hero-loop.{webm,mp4})
# and its poster frame (hero-poster.jpg) from procedural ffmpeg sources only - no
# external footage. Look: dark navy/charcoal sky, slow rising smoke lit by a warm
# amber glow from below, and drifting embers in three parallax layers.
#
# Usage: scripts/make-hero-video.sh [output-dir]   (needs ffmpeg with libvpx-vp9 + libx264)
# Takes a few minutes: the ember field is evaluated per pixel with geq.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT_DIR="${1:-$ROOT/apps/web/public/media}"
FFMPEG="${FFMPEG:-ffmpeg}"
FPS=25
LOOP=10        # seconds in the final loop
FADE=2         # seconds of cross-fade used to make the loop seamless
DUR=$((LOOP + FADE))
WORK_W=640; WORK_H=360   # rendered at half size, upscaled (it is a soft, blurred background)
OUT_W=1280; OUT_H=720

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT_DIR"
ff() { "$FFMPEG" -hide_banner -loglevel error -nostdin -y "$@"; }

# --- 1. smoke texture: multi-octave value noise, stretched vertically -------------------
hash() { local e="sin(X*12.9898+Y*78.233+$1)*43758.5453"; echo "($e-floor($e))*255"; }
octave() { # cells-w cells-h blur-h blur-v seed
  echo "color=black:s=$1x$2:d=1,format=gray,geq=lum='$(hash "$5")',scale=900:760:flags=neighbor,gblur=sigma=$3:sigmaV=$4,crop=760:620,format=rgb24,normalize=smoothing=0,format=gray"
}
ff -filter_complex "
$(octave 18 15 26 40 1.7)[o1];$(octave 45 38 10 16 7.3)[o2];$(octave 112 95 3 5 3.1)[o3];
[o1][o2]blend=all_expr='A*0.68+B*0.32'[o12];
[o12][o3]blend=all_expr='A*0.88+B*0.12',format=rgb24,normalize=smoothing=0,format=gray" \
  -frames:v 1 "$TMP/smoke.png"

# --- 2. ember field ------------------------------------------------------------------------
# One particle per grid cell (cw x ch), scrolled upwards at v px/s, with per-cell hashed
# position, size, sway and flicker. Only a share (density) of cells holds a particle.
layer() { # cw ch v sway rad density gain seed
  local cw=$1 ch=$2 v=$3 sw=$4 rad=$5 den=$6 gain=$7 sd=$8
  local h1="sin(ld(1)*12.9898+ld(2)*78.233+$sd)*43758.5453"
  local h2="sin(ld(1)*39.3468+ld(2)*11.1351+$sd)*24634.6345"
  local h3="sin(ld(1)*73.1562+ld(2)*52.2351+$sd)*12345.6789"
  echo "(st(0,Y+$v*T);st(1,floor(X/$cw));st(2,floor(ld(0)/$ch));\
st(3,$h1);st(3,ld(3)-floor(ld(3)));st(4,$h2);st(4,ld(4)-floor(ld(4)));st(5,$h3);st(5,ld(5)-floor(ld(5)));\
st(6,X-ld(1)*$cw-$cw*(0.2+0.6*ld(3))-$sw*$cw*sin(T*(0.5+0.6*ld(5))+ld(4)*6.283));\
st(7,ld(0)-ld(2)*$ch-$ch*(0.15+0.7*ld(4)));\
$gain*gt(ld(5),1-$den)*exp(-(ld(6)*ld(6)+ld(7)*ld(7))/($rad*$rad*(0.4+ld(5))))*(0.55+0.45*sin(T*(1.5+2.5*ld(3))+ld(5)*40)))"
}
EMBERS="min(1,(0.15+0.85*pow(Y/H,1.1))*( $(layer 56 56 24 0.08 2.0 0.3 1.3 0.37) + $(layer 28 28 12 0.08 1.2 0.28 0.9 5.1) + $(layer 112 112 40 0.06 2.6 0.25 1.6 2.3) ))"
BOKEH="$(layer 128 128 7 0.08 12 0.35 0.22 9.9)"   # large out-of-focus sparks

# --- 3. colour grade (blend in gbrp: A = smoke, B = embers; c0=G c1=B c2=R) --------------------
S="pow(A/255,1.6)"; YN="(Y/H)"; E="(B/255)"
GLOW="exp(-pow((X/W-0.5-0.1*sin(2*PI*T/10))/0.45,2)-pow(($YN-1.1)/0.5,2))*(0.9+0.1*sin(2*PI*T/5))"
GLOW2="0.35*exp(-pow((X/W-0.2)/0.22,2)-pow(($YN-0.95)/0.3,2))"
VIG="(1-0.45*(pow(X/W-0.5,2)*1.6+pow($YN-0.45,2)*1.2))"
channel() { # top bottom haze glow ember
  echo "clip($VIG*( $1+($2-$1)*$YN + $3*$S*(1.1-$YN) + $4*($GLOW+$GLOW2)*(0.45+0.9*$S) ) + $5,0,255)"
}
RED=$(channel 9 14 22 165 "255*min(1,1.4*$E)")
GREEN=$(channel 11 10 24 74 "235*pow($E,1.5)")
BLUE=$(channel 22 16 48 16 "200*pow($E,3)")

ff -filter_threads "$(nproc)" \
  -loop 1 -framerate $FPS -t $DUR -i "$TMP/smoke.png" \
  -f lavfi -i "color=black:s=${WORK_W}x${WORK_H}:r=$FPS:d=$DUR,format=gray" \
  -filter_complex "
[0]geq=lum='0.58*p(X+30+3*T,Y+20+18*T)+0.42*p(X+110-6*T,Y+60+7*T)',crop=$WORK_W:$WORK_H:0:0,format=gray[smoke];
[1]split[e0][b0];
[e0]geq=lum='255*($EMBERS)'[emb];
[b0]geq=lum='255*($BOKEH)',gblur=sigma=6[bok];
[emb]split[es][eb];[eb]gblur=sigma=3.5[ebl];
[es][ebl]blend=all_expr='min(255,A+1.6*B)'[eg];
[eg][bok]blend=all_mode=addition,format=gbrp[e];
[smoke]format=gbrp[s];
[s][e]blend=c0_expr='$GREEN':c1_expr='$BLUE':c2_expr='$RED'[v]" \
  -map '[v]' -c:v ffv1 "$TMP/raw.mkv"

# --- 4. seamless loop: cross-fade the last FADE seconds into the first FADE seconds ------------
ff -i "$TMP/raw.mkv" -filter_complex "
[0]split=3[a][b][c];
[a]trim=0:$FADE,setpts=PTS-STARTPTS[head];
[b]trim=$FADE:$LOOP,setpts=PTS-STARTPTS[mid];
[c]trim=$LOOP:$DUR,setpts=PTS-STARTPTS[tail];
[tail][head]blend=all_expr='A*(1-T/$FADE)+B*(T/$FADE)'[xf];
[xf][mid]concat=n=2:v=1,scale=$OUT_W:$OUT_H:flags=lanczos,format=yuv420p,setsar=1[v]" \
  -map '[v]' -c:v ffv1 "$TMP/loop.mkv"

# --- 5. deliverables --------------------------------------------------------------------------
VP9="-c:v libvpx-vp9 -b:v 850k -maxrate 1200k -minrate 300k -row-mt 1 -tile-columns 2 -g 250 -pix_fmt yuv420p -an"
ff -i "$TMP/loop.mkv" $VP9 -pass 1 -passlogfile "$TMP/vp9" -deadline good -cpu-used 4 -f webm /dev/null
ff -i "$TMP/loop.mkv" $VP9 -pass 2 -passlogfile "$TMP/vp9" -deadline good -cpu-used 1 \
   -metadata title="Ember hero loop" "$OUT_DIR/hero-loop.webm"

ff -i "$TMP/loop.mkv" -c:v libx264 -preset slow -profile:v high -level 4.0 -crf 23 \
   -maxrate 1100k -bufsize 2200k -g 250 -pix_fmt yuv420p -an -movflags +faststart \
   "$OUT_DIR/hero-loop.mp4"

ff -i "$TMP/loop.mkv" -frames:v 1 -q:v 3 "$OUT_DIR/hero-poster.jpg"

ls -l "$OUT_DIR"/hero-loop.webm "$OUT_DIR"/hero-loop.mp4 "$OUT_DIR"/hero-poster.jpg
