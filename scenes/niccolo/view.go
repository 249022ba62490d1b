package niccolo

import (
	"math"

	"principe/game"
	"principe/rules"
	nic "principe/rules/niccolo"
	"principe/scenes"
	"principe/scenes/table"
)

// token is how a token is drawn right now.
type token struct {
	x, y, lift, alpha float64
}

// flight is a card flying from a hand or pile to a discard pile.
type flight struct {
	card                   nic.Card
	family                 int // whose discard pile it flies to
	x0, y0, x1, y1, w0, w1 float64
	t                      float64
	faceUp                 bool
}

// view is the picture of the table: what the seat in view may see, as far as the
// animations have got. Events change it step by step; at rest it is re-read from the
// seat's Observation.
type view struct {
	markers    [4]float64 // zone position of each marker (fractional while sliding)
	markerLift [4]float64
	tokens     [4]token
	squares    [4]int
	removed    [4]bool
	progress   [4]int
	discards   [4][]nic.Card
	piles      [4]int
	hands      [4]int
	hand       []nic.Card
	first      int
	turnFrom   int     // 1st Turn holder the turn plaques slide from
	turnT      float64 // 0…1 while the plaques slide
	round      int
	flying     *flight
	banner     string
	bannerA    float64
	flourish   string
	flourishT  float64
	flourishX  float64
	flourishY  float64
	shuffleT   float64 // 0…1 while the reshuffle is shown
	celebrate  float64 // ticks since the win (0 none)
	winners    []int
	stayShake  [4]float64
	lastDraw   [4]int // ticks since a seat drew (pile pulse)
	viewerSeat rules.Seat
}

// load sets the whole picture from an observation (at rest, or when the seat in view
// changes).
func (v *view) load(o *nic.Observation) {
	for c := 0; c < 4; c++ {
		v.markers[c] = float64(o.Markers[c])
		v.markerLift[c] = 0
	}
	for f := 0; f < 4; f++ {
		v.squares[f] = o.Squares[f]
		x, y := squareCentre(o.Squares[f])
		a := 1.0
		if o.Removed[f] {
			a = 0
		}
		v.tokens[f] = token{x: x, y: y, alpha: a}
		v.removed[f] = o.Removed[f]
		v.progress[f] = o.Progress[f]
		v.discards[f] = append(v.discards[f][:0], o.Discards[f]...)
		v.piles[f] = o.PileSizes[f]
		v.hands[f] = o.HandSizes[f]
	}
	v.hand = append(v.hand[:0], o.Hand...)
	v.first = int(o.First)
	v.turnFrom = v.first
	v.turnT = 1
	v.round = o.Round
	v.viewerSeat = o.Viewer
}

// beforeDeal sets the picture to the table as it was before the opening deal of the game
// whose opening left observation o: every family's cards in its draw pile (a family owns
// the cards of its pile, its hand and its discards), no hands, no discards, the markers
// on Influence and the tokens at home. The opening's events then bring it to o step by
// step, so no number shown runs ahead of the game.
func (v *view) beforeDeal(o *nic.Observation) {
	v.load(o)
	for c := 0; c < 4; c++ {
		v.markers[c] = float64(nic.Influence)
	}
	for f := 0; f < 4; f++ {
		v.piles[f] = o.PileSizes[f] + o.HandSizes[f] + len(o.Discards[f])
		v.hands[f] = 0
		v.discards[f] = v.discards[f][:0]
		v.squares[f] = nic.Home(f)
		x, y := squareCentre(v.squares[f])
		v.tokens[f] = token{x: x, y: y, alpha: 1}
		v.removed[f] = false
		v.progress[f] = 0
	}
	v.hand = v.hand[:0]
	v.round = 0
}

// gather puts every family's hand and discards back into its draw pile (a reshuffle: each
// family's cards are dealt back to it as a new pile).
func (v *view) gather() {
	for f := 0; f < 4; f++ {
		v.piles[f] += v.hands[f] + len(v.discards[f])
		v.hands[f] = 0
		v.discards[f] = v.discards[f][:0]
	}
	v.hand = v.hand[:0]
}

// familyBox is where family f's draw pile and discard pile lie, inside the board near
// its home.
func familyBox(f int) (x, y float64) {
	const lo, hi = boardX + cornerW + 10, boardX + boardSize - cornerW - 10
	switch f {
	case 0:
		return lo, lo
	case 1:
		return hi - 96, lo
	case 2:
		return hi - 96, hi - 88
	default:
		return lo, hi - 88
	}
}

const smallCardW = 40.0

func pileRect(f int) scenes.Rect {
	x, y := familyBox(f)
	return scenes.Rect{X: x, Y: y, W: smallCardW, H: smallCardW * 1.45}
}

func discardRect(f int) scenes.Rect {
	x, y := familyBox(f)
	return scenes.Rect{X: x + 52, Y: y, W: smallCardW, H: smallCardW * 1.45}
}

// plaquePos is where the turn plaque of turn position o stands when seat holds it.
func plaquePos(seat int) (float64, float64) {
	x, y := familyBox(seat)
	return x + 20, y + 72
}

// Hand layout in the side panel.
const (
	handX    = 736.0
	handY    = 552.0
	handCard = 90.0
	handGap  = 102.0
)

func handCardRect(i int) scenes.Rect {
	return scenes.Rect{X: handX + float64(i)*handGap, Y: handY, W: handCard, H: handCard * 1.45}
}

// steps builds the animation steps for a list of events (already filtered for the seat
// in view), in order, and returns the log lines they write when they start.
func (t *Table) animate(ctx *game.Context, events []rules.Event) {
	v := &t.v
	sec := func(s float64) int { return ctx.Frames(s) }
	for i, e := range events {
		switch e := e.(type) {
		case nic.GameStarted:
			line := t.describe(ctx, e, events[i+1:])
			t.seq.Add(table.Step{Start: func() { t.log.Add(line) }})
		case nic.RoundStarted:
			line := t.describe(ctx, e, nil)
			t.seq.Add(table.Step{Ticks: sec(0.7),
				Start: func() { t.log.Add(line); v.round = e.Round; v.banner = ctx.F("niccolo.banner.round", e.Round) },
				Frame: func(p float64) { v.bannerA = math.Sin(math.Pi * p) },
				End:   func() { v.bannerA = 0 }})
		case nic.CardDrawn:
			t.seq.Add(table.Step{Ticks: sec(0.06), Start: func() {
				f := int(e.Seat)
				v.piles[f] = max(0, v.piles[f]-1)
				v.hands[f]++
				v.lastDraw[f] = 1
				if e.Seat == v.viewerSeat && !e.Hidden {
					v.hand = append(v.hand, e.Card)
					sortHand(v.hand)
				}
			}})
		case nic.Reshuffled:
			line := t.describe(ctx, e, nil)
			t.seq.Add(table.Step{Ticks: sec(1.2),
				Start: func() {
					t.log.Add(line)
					ctx.Audio.Play(game.SoundCard)
					v.gather()
				},
				Frame: func(p float64) { v.shuffleT = p },
				End:   func() { v.shuffleT = 0 }})
		case nic.CardPlayed:
			line := t.describe(ctx, e, events[i+1:])
			f := int(e.Seat)
			t.seq.Add(table.Step{Ticks: sec(0.45),
				Start: func() {
					t.log.Add(line)
					ctx.Audio.Play(game.SoundCard)
					fl := &flight{card: e.Move.Card, family: f, faceUp: true, w1: smallCardW}
					d := discardRect(f)
					fl.x1, fl.y1 = d.X, d.Y
					if e.Envoy {
						r := pileRect(f)
						fl.x0, fl.y0, fl.w0 = r.X, r.Y, smallCardW
						v.piles[f] = max(0, v.piles[f]-1)
					} else {
						v.hands[f] = max(0, v.hands[f]-1)
						if rules.Seat(f) == v.viewerSeat {
							idx := indexOf(v.hand, e.Move.Card)
							r := handCardRect(max(0, idx))
							fl.x0, fl.y0, fl.w0 = r.X, r.Y, handCard
							if idx >= 0 {
								v.hand = append(v.hand[:idx], v.hand[idx+1:]...)
							}
						} else {
							sx, sy := statusRow(f)
							fl.x0, fl.y0, fl.w0 = sx+300, sy, smallCardW
						}
					}
					v.flying = fl
				},
				Frame: func(p float64) { v.flying.t = scenes.EaseInOutSine(p) },
				End: func() {
					v.flying = nil
					v.discards[f] = append(v.discards[f], e.Move.Card)
				}})
		case nic.MarkerMoved:
			from, to := float64(e.From), float64(e.To)
			d := math.Mod(to-from+9, 6) - 3 // the shorter way round
			if e.From != e.To && d == -3 && i > 0 {
				if cp, ok := events[i-1].(nic.CardPlayed); ok && cp.Move.Card == nic.Signoria && cp.Move.Clockwise {
					d = 3
				}
			}
			c := int(e.Marker)
			ticks := sec(0.25 + 0.1*math.Abs(d))
			if e.From == e.To {
				ticks = sec(0.25)
			}
			t.seq.Add(table.Step{Ticks: ticks,
				Frame: func(p float64) {
					q := scenes.EaseInOutSine(p)
					v.markers[c] = math.Mod(from+d*q+6, 6)
					v.markerLift[c] = math.Sin(math.Pi * p)
				},
				End: func() { v.markers[c] = to; v.markerLift[c] = 0 }})
		case nic.TokenStayed:
			line := t.describe(ctx, e, nil)
			f := int(e.Seat)
			t.seq.Add(table.Step{Ticks: sec(0.35), Start: func() { t.log.Add(line) },
				Frame: func(p float64) { v.stayShake[f] = math.Sin(p*math.Pi*4) * (1 - p) },
				End:   func() { v.stayShake[f] = 0 }})
		case nic.LandingBlocked, nic.GambadoOffered, nic.GambadoDeclined:
			line := t.describe(ctx, e, nil)
			t.seq.Add(table.Step{Start: func() { t.log.Add(line) }})
		case nic.GambadoTaken:
			line := t.describe(ctx, e, nil)
			f := int(e.Seat)
			reale := false
			for _, n := range events[i+1:] {
				if tm, ok := n.(nic.TokenMoved); ok && tm.Seat == e.Seat {
					reale = tm.Gambado && len(tm.Path) >= 6 && forward(tm)
					break
				}
			}
			t.seq.Add(table.Step{Ticks: sec(0.9),
				Start: func() {
					t.log.Add(line)
					ctx.Audio.Play(game.SoundClick)
					v.flourish = ctx.T("niccolo.flourish.gambado")
					if reale {
						v.flourish = ctx.T("niccolo.flourish.reale")
					}
					v.flourishX, v.flourishY = v.tokens[f].x, v.tokens[f].y
				},
				Frame: func(p float64) { v.flourishT = p },
				End:   func() { v.flourishT = 0; v.flourish = "" }})
		case nic.TokenMoved:
			t.animateMove(ctx, e)
		case nic.TokenRemoved:
			line := t.describe(ctx, e, nil)
			f := int(e.Seat)
			t.seq.Add(table.Step{Ticks: sec(0.8), Start: func() { t.log.Add(line); v.removed[f] = true },
				Frame: func(p float64) { v.tokens[f].alpha = 1 - p; v.tokens[f].lift = 2 * p }})
		case nic.TurnMarkersPassed:
			line := t.describe(ctx, e, nil)
			t.seq.Add(table.Step{Ticks: sec(0.6),
				Start: func() { t.log.Add(line); v.turnFrom = v.first; v.first = int(e.First); v.turnT = 0 },
				Frame: func(p float64) { v.turnT = scenes.EaseInOutSine(p) },
				End:   func() { v.turnT = 1 }})
		case nic.GameWon:
			line := t.describe(ctx, e, nil)
			t.seq.Add(table.Step{Start: func() {
				t.log.Add(line)
				ctx.Audio.Play(game.SoundWin)
				v.winners = v.winners[:0]
				for _, w := range e.Winners {
					v.winners = append(v.winners, int(w))
				}
				v.celebrate = 1
			}})
		case nic.GameLost:
			line := t.describe(ctx, e, nil)
			t.seq.Add(table.Step{Start: func() { t.log.Add(line); v.celebrate = 1 }})
		}
	}
}

func forward(e nic.TokenMoved) bool {
	return len(e.Path) > 0 && (e.Path[0]-e.From+32)%32 == 1
}

// animateMove queues a token's hops square by square along its path; a jump over taken
// squares is one high arc.
func (t *Table) animateMove(ctx *game.Context, e nic.TokenMoved) {
	v := &t.v
	f := int(e.Seat)
	// The line is written when the hop starts, so "jumps over …" names the token that
	// stands there at that moment.
	t.seq.Add(table.Step{Start: func() { t.log.Add(t.describe(ctx, e, nil)) }})
	if len(e.Path) == 0 {
		t.seq.Add(table.Step{Ticks: ctx.Frames(0.3),
			Frame: func(p float64) { v.stayShake[f] = math.Sin(p*math.Pi*4) * (1 - p) },
			End:   func() { v.stayShake[f] = 0 }})
		return
	}
	// One step for the whole leg: when it starts, the hops are worked out from where
	// the other tokens stand at that moment; squares taken by them are leapt over in one
	// high arc.
	type hop struct {
		pts    []int
		height float64
	}
	var hops []hop
	last := -1
	per := ctx.Frames(0.15)
	t.seq.Add(table.Step{Ticks: per * len(e.Path),
		Start: func() {
			hops = hops[:0]
			from := e.From
			for k := 0; k < len(e.Path); k++ {
				j := k
				for j < len(e.Path)-1 && v.occupiedBy(e.Path[j], f) {
					j++
				}
				h := hop{pts: append([]int{from}, e.Path[k:j+1]...), height: 0.7}
				if j > k {
					h.height = 1.8
				}
				hops = append(hops, h)
				from = e.Path[j]
				k = j
			}
			last = -1
		},
		Frame: func(p float64) {
			if len(hops) == 0 {
				return
			}
			// Each hop takes a share of the time proportional to its squares.
			pos := p * float64(len(e.Path))
			acc := 0.0
			for i, h := range hops {
				n := float64(len(h.pts) - 1)
				if pos <= acc+n || i == len(hops)-1 {
					if i != last {
						last = i
						ctx.Audio.Play(game.SoundStep)
					}
					q := math.Min(1, math.Max(0, (pos-acc)/n))
					seg := q * n
					idx := min(int(seg), len(h.pts)-2)
					x0, y0 := squareCentre(h.pts[idx])
					x1, y1 := squareCentre(h.pts[idx+1])
					r := seg - float64(idx)
					v.tokens[f].x, v.tokens[f].y = table.Lerp(x0, x1, r), table.Lerp(y0, y1, r)
					v.tokens[f].lift = h.height * math.Sin(math.Pi*q)
					return
				}
				acc += n
			}
		},
		End: func() {
			v.tokens[f].x, v.tokens[f].y = squareCentre(e.To)
			v.tokens[f].lift = 0
			v.squares[f] = e.To
		}})
	t.seq.Add(table.Step{Start: func() { v.progress[f] = e.Progress }})
}

// occupiedBy reports whether a token other than f's stands on sq in the picture.
func (v *view) occupiedBy(sq, f int) bool {
	for g := 0; g < 4; g++ {
		if g != f && !v.removed[g] && v.squares[g] == sq {
			return true
		}
	}
	return false
}

func indexOf(h []nic.Card, c nic.Card) int {
	for i, x := range h {
		if x == c {
			return i
		}
	}
	return -1
}

func sortHand(h []nic.Card) {
	for i := 1; i < len(h); i++ {
		for j := i; j > 0 && h[j] < h[j-1]; j-- {
			h[j], h[j-1] = h[j-1], h[j]
		}
	}
}
