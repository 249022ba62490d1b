package niccolo

import (
	"testing"

	"principe/rules"
)

func TestPreviewMovesOnABuiltTable(t *testing.T) {
	// Everyone under Fortune (+6): Visconti from 2 lands on Sforza's 8; Sforza and
	// Soderini land on free squares; Medici, 28 squares along, completes the circuit.
	s := build(t, table{markers: allOn(Fortune), squares: [4]int{2, 8, 16, 20},
		progress: &[4]int{2, 0, 0, 28}})
	o := s.observe(0)
	pv := o.PreviewMoves(allOn(Fortune))
	want := [4]TokenPreview{
		{OnBoard: true, From: 2, Steps: 6, Landing: 8, Occupied: true},
		{OnBoard: true, From: 8, Steps: 6, Landing: 14},
		{OnBoard: true, From: 16, Steps: 6, Landing: 22},
		{OnBoard: true, From: 20, Steps: 6, Landing: 26, Wins: true},
	}
	if pv != want {
		t.Fatalf("preview = %+v\nwant      %+v", pv, want)
	}
	// Under Inquisition nobody moves; under Disgrace (−2) Sforza backs onto Visconti's
	// square 6 once Visconti stands there, and a removed token has no preview.
	if pv := o.PreviewMoves(allOn(Inquisition)); pv[0] != (TokenPreview{OnBoard: true, From: 2, Landing: 2}) {
		t.Fatalf("under Inquisition: %+v", pv[0])
	}
	s = build(t, table{variant: Partner, markers: allOn(Disgrace), squares: [4]int{6, 8, 16, 20},
		progress: &[4]int{6, 0, 0, 32}, removed: [4]bool{false, false, false, true}})
	o = s.observe(1)
	pv = o.PreviewMoves(allOn(Disgrace))
	if !pv[1].Occupied || pv[1].Landing != 6 || pv[1].Steps != -2 || pv[1].Wins {
		t.Fatalf("Sforza backing onto Visconti: %+v", pv[1])
	}
	if pv[3] != (TokenPreview{}) {
		t.Fatalf("removed token previewed: %+v", pv[3])
	}
}

// TestPreviewMatchesPlay plays random games and, at every round, compares the preview
// taken before the round's last card play (with the markers the card play leaves) with
// what the tokens then do: the rule and the landing square always; whether the landing
// is taken as long as no token has moved yet this round; the win whenever the token
// lands on its landing square.
func TestPreviewMatchesPlay(t *testing.T) {
	var checked, occupied, wins int
	for _, c := range allConfigs {
		for seed := uint64(1); seed <= 40; seed++ {
			s, err := NewGame(c.cfg, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			rng := rules.NewRNG(seed ^ 0x5eed)
			var buf [64]Move
			var pv [4]TokenPreview
			var seen [4]bool
			watching, someoneMoved := false, false
			for n := 0; !s.Over() && n < 5000; n++ {
				seat := s.ToActSeat()
				o := s.observe(rules.Seat(seat))
				before := s.phase
				moves := s.LegalMoves(buf[:0])
				var ev []Event
				if err := s.Play(seat, moves[rng.Intn(len(moves))], &ev); err != nil {
					t.Fatal(err)
				}
				markers := o.Markers
				for _, e := range ev {
					switch e := e.(type) {
					case MarkerMoved:
						if before == CardPlay && !watching {
							markers[e.Marker] = e.To
						}
					case TokenStayed, LandingBlocked, TokenMoved:
						if before == CardPlay && !watching {
							pv = o.PreviewMoves(markers)
							seen, watching, someoneMoved = [4]bool{}, true, false
						}
					case TurnMarkersPassed, GameWon:
						watching = false
					}
					if !watching {
						continue
					}
					switch e := e.(type) {
					case TokenStayed:
						if !seen[e.Seat] {
							seen[e.Seat] = true
							checked++
							p := pv[e.Seat]
							if p.Steps != 0 || p.From != e.Square || p.Landing != e.Square {
								t.Fatalf("%s seed %d: %s, but the preview said %+v", c.name, seed, e, p)
							}
						}
					case LandingBlocked:
						if !seen[e.Seat] {
							seen[e.Seat] = true
							checked++
							occupied++
							p := pv[e.Seat]
							if p.From != e.From || p.Landing != e.Target || (!someoneMoved && !p.Occupied) {
								t.Fatalf("%s seed %d: %s, but the preview said %+v", c.name, seed, e, p)
							}
						}
					case TokenMoved:
						if !seen[e.Seat] {
							seen[e.Seat] = true
							checked++
							p := pv[e.Seat]
							free := !e.Refused && !e.Jumped
							ok := p.From == e.From
							if free {
								ok = ok && p.Landing == e.To && len(e.Path) == max(p.Steps, -p.Steps) &&
									p.Wins == (e.Progress >= CircuitProgress)
								if p.Wins {
									wins++
								}
							} else {
								occupied++
							}
							if !someoneMoved {
								ok = ok && p.Occupied == !free
							}
							if !ok {
								t.Fatalf("%s seed %d: %s, but the preview said %+v", c.name, seed, e, p)
							}
						}
						if e.From != e.To {
							someoneMoved = true
						}
					}
				}
			}
		}
	}
	if checked < 1000 || occupied < 50 || wins < 50 {
		t.Fatalf("too few cases compared: %d tokens, %d occupied landings, %d wins", checked, occupied, wins)
	}
}
