package machiavelli

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFaceMovesDependOnlyOnTheirKey checks that the moves a face's step finds for a
// situation are those it finds for any situation alike in its faceStepKey: on the cards
// of oracle positions of both rulesets, at random steps, two random situations sharing
// the key but differing everywhere else (other suits, hand cards laid, room, offers,
// carrier records; offers while the suit has no joker pieces open) get the same groups and the same moves, key parts and starved's count
// included. Were the search to replay moves found for another situation that differs in
// something they depend on, it would emit situations that cannot be reached.
func TestFaceMovesDependOnlyOnTheirKey(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 31))
	small := func(n int) uint8 { // mostly none: most situations reached have few
		if r.IntN(3) > 0 {
			return 0
		}
		return uint8(1 + r.IntN(n-1))
	}
	random := func(d *tableDP) tdpState {
		var s tdpState
		for su := range 4 {
			s.runs[su] = [3]uint8{small(4), small(4), small(8)}
			s.offers[su] = small(4)
			if d.cyclic {
				s.need2[su], s.need1[su], s.jokerRun[su] = small(3), small(3), small(3)
			} else {
				s.deferred[su] = small(3)
			}
		}
		s.sets = [3]uint8{small(3), small(3), small(3)}
		s.q = uint8(r.IntN(d.jokers() + 1))
		s.h = uint8(r.IntN(14))
		s.room = r.IntN(2) == 0
		s.car = [2]uint32{r.Uint32() & carrierMask, r.Uint32() & carrierMask}
		return s
	}
	moves := func(d *tableDP, st *tdpState, pos, su int) ([]faceGroup, []faceMove) {
		d.faceMemo.reset()
		d.findFaceMoves(st, pos, su)
		return slices.Clone(d.faceMemo.groups), slices.Clone(d.faceMemo.moves)
	}
	compared, withMoves := 0, 0
	for _, rs := range []string{"coppola", "bga"} {
		for i, o := range loadOracle(t, rs) {
			if i%25 != 0 {
				continue
			}
			p, opt, _ := o.parse()
			d := newTableDP(p, opt)
			d.starving = true
			for range 40 {
				pos, su := 1+r.IntN(d.npos), r.IntN(4)
				d.beginStep(pos, su)
				a := random(d)
				b := random(d) // alike in what the step looks at, not elsewhere
				b.runs[su], b.sets, b.q = a.runs[su], a.sets, a.q
				b.deferred[su], b.need2[su], b.need1[su], b.jokerRun[su] = a.deferred[su], a.need2[su], a.need1[su], a.jokerRun[su]
				if a.jokerRun[su] != 0 {
					b.offers[su] = a.offers[su] // (then part of the key)
				}
				if faceStepKey(a.pack(), su) != faceStepKey(b.pack(), su) {
					t.Fatalf("%s: situations alike in the step's parts get different keys", o.ID)
				}
				ga, ma := moves(d, &a, pos, su)
				gb, mb := moves(d, &b, pos, su)
				if !slices.Equal(ga, gb) || !slices.Equal(ma, mb) {
					t.Fatalf("%s, step (%d, %d): moves differ between\n%+v and\n%+v", o.ID, pos, su, a, b)
				}
				compared++
				if len(ma) > 0 {
					withMoves++
				}
			}
		}
	}
	t.Logf("moves in %d of %d comparisons", withMoves, compared)
	if withMoves < compared/4 {
		t.Fatalf("moves in %d of %d comparisons: the test does not exercise them", withMoves, compared)
	}
}
