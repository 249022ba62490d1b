package makiavelia

import (
	"strings"
	"testing"

	"principe/rules"
)

func TestCardSetRequirements(t *testing.T) {
	if SetSize() < 96 {
		t.Fatalf("%d cards; the rules need at least 96", SetSize())
	}
	for _, name := range []string{"Poison", "Library", "Factory", "General", "Bribery", "Traitor", "Embassy",
		"Armada", "Strategist", "Hospital", "Memorial", "Coup", "Propaganda", "Beggar"} {
		if _, ok := KindByName(name); !ok {
			t.Errorf("the rulebook's %s is missing", name)
		}
	}
	for k := Kind(0); k < numKinds; k++ {
		c := Cards[k]
		if c.Count < 1 || c.Text == "" {
			t.Errorf("%s: count %d, text %q", k, c.Count, c.Text)
		}
		if (c.Type == Influence) != (c.Strength == 0) || (c.Type != Army && c.Firepower != 0) {
			t.Errorf("%s: a %s with strength %d and firepower %d", k, c.Type, c.Strength, c.Firepower)
		}
	}
	if !Cards[Poison].Lock || !Cards[Traitor].Lock {
		t.Error("Poison and Traitor carry a lock")
	}
	want := map[int][2]int{3: {36, 3}, 4: {44, 3}, 5: {45, 4}, 6: {54, 5}, 7: {56, 6}, 8: {64, 6}}
	for n, w := range want {
		if MarketSize(n) != w[0] || Earning(n) != w[1] {
			t.Errorf("%d players: market %d earning %d, want %v", n, MarketSize(n), Earning(n), w)
		}
		s, err := NewGame(Options{Players: n}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.market) != w[0] {
			t.Errorf("%d players: Market of %d", n, len(s.market))
		}
		for i := range s.p {
			if len(s.p[i].Reserve) != 4 {
				t.Errorf("seat %d starts with %d cards", i, len(s.p[i].Reserve))
			}
		}
	}
	for _, n := range []int{2, 9} {
		if _, err := NewGame(Options{Players: n}, 1); err == nil {
			t.Errorf("%d players accepted", n)
		}
	}
}

func TestTwoDifferentBasicActions(t *testing.T) {
	s := table(t, 3)
	a := s.hand(t, 0, Wall)
	b := s.hand(t, 0, Palace)
	s.must(t, 0, Move{Kind: MovePlay, Card: a})
	s.deny(t, 0, Move{Kind: MovePlay, Card: b}, "the same basic action twice")
	s.must(t, 0, Move{Kind: MoveDraw})
	s.deny(t, 0, Move{Kind: MoveDraw}, "no action left")
	s.deny(t, 1, Move{Kind: MoveEndTurn}, "not seat 1's turn")
	s.must(t, 0, Move{Kind: MoveEndTurn})
	if s.ToAct() != 1 {
		t.Fatalf("seat %d to act, want 1 (clockwise)", s.ToAct())
	}
}

func TestAdditionalActions(t *testing.T) {
	s := table(t, 3)
	s.build(t, 0, Library)
	s.build(t, 0, Factory)
	s.build(t, 0, General)
	s.build(t, 1, Wall)
	a, b := s.hand(t, 0, Militia), s.hand(t, 0, Militia)
	s.must(t, 0, Move{Kind: MoveDraw})
	s.must(t, 0, Move{Kind: MoveDraw}) // Library's draw, then the basic one
	s.must(t, 0, Move{Kind: MovePlay, Card: a})
	s.must(t, 0, Move{Kind: MoveAttack, Target: 1}) // the General's attack
	if s.step == StepWounds {
		s.must(t, 0, Move{Kind: MoveStop})
	}
	s.deny(t, 0, Move{Kind: MoveDraw}, "Library's draw and the basic draw are used")
	s.must(t, 0, Move{Kind: MovePlay, Card: b}) // the basic play: the second basic action
	s.deny(t, 0, Move{Kind: MoveAttack, Target: 1}, "the General's attack is used and two basic actions are spent")
}

func TestPoisonAndCure(t *testing.T) {
	s := table(t, 3)
	p := s.hand(t, 0, Poison)
	s.deny(t, 0, Move{Kind: MovePlay, Card: p, Target: 0}, "Poison targets another player")
	s.must(t, 0, Move{Kind: MovePlay, Card: p, Target: 1})
	s.must(t, 0, Move{Kind: MoveEndTurn})
	if s.poisons(1) != 1 {
		t.Fatal("seat 1 is not poisoned")
	}
	s.hand(t, 1, Wall)
	s.must(t, 1, Move{Kind: MoveDraw})
	s.deny(t, 1, Move{Kind: MovePlay, Card: s.p[1].Reserve[0]}, "Poison leaves one basic action")
	c := s.coin(t, 1, 2)
	s.deny(t, 2, Move{Kind: MoveCure, Coin: c}, "not seat 2's turn")
	s.must(t, 1, Move{Kind: MoveCure, Coin: c})
	if s.poisons(1) != 0 || !inCemetery(s, 0, p) || len(s.p[1].Coins) != 0 {
		t.Fatal("the cure did not bury the Poison into its owner's Cemetery and spend the coin")
	}
	s.must(t, 1, Move{Kind: MovePlay, Card: s.p[1].Reserve[0]}) // the second action is back
	s.deny(t, 1, Move{Kind: MoveCure, Coin: c}, "not poisoned any more")
}

func TestAttackDiceAndWounds(t *testing.T) {
	s := table(t, 3)
	s.build(t, 0, Armada)
	s.build(t, 0, Cavalry)
	w := s.build(t, 1, Wall)
	other := s.build(t, 2, Palace)
	s.deny(t, 0, Move{Kind: MoveAttack, Target: 0}, "attacking oneself")
	evs := s.must(t, 0, Move{Kind: MoveAttack, Target: 1})
	var roll Event
	for _, e := range evs {
		if e.Kind == EvAttack {
			roll = e
		}
	}
	if fp := Cards[Armada].Firepower + Cards[Cavalry].Firepower; len(roll.Dice) != fp {
		t.Fatalf("%d dice for firepower %d", len(roll.Dice), fp)
	}
	stars := 0
	for _, d := range roll.Dice {
		if d <= 3 {
			stars++
		}
	}
	if stars != roll.Hits {
		t.Fatalf("%d stars but %d hits", stars, roll.Hits)
	}
	if roll.Hits == 0 {
		t.Skip("no hits with this seed")
	}
	s.deny(t, 0, Move{Kind: MoveWound, TargetCard: other}, "wounds go to the target's City without a Strategist")
	s.must(t, 0, Move{Kind: MoveWound, TargetCard: w})
	if s.wounds(w) != 1 {
		t.Fatal("no wound on the Wall")
	}
}

func TestDiceAreFair(t *testing.T) {
	s := table(t, 3)
	stars, dice := 0, 0
	for i := 0; i < 3000; i++ {
		f := s.rng.Intn(6) + 1
		dice++
		if f <= 3 {
			stars++
		}
	}
	if stars < 1350 || stars > 1650 {
		t.Fatalf("%d stars in %d dice", stars, dice)
	}
}

// attackWithHits rolls attacks from seat 0 on target until one hits.
func attackUntilHit(t *testing.T, s *State, target rules.Seat) {
	t.Helper()
	for try := 0; try < 50; try++ {
		s.t = turn{Seat: 0}
		s.step = StepTurn
		s.must(t, 0, Move{Kind: MoveAttack, Target: target})
		if s.step == StepWounds {
			return
		}
	}
	t.Fatal("no hit in 50 attacks")
}

func TestStrategistSpreadsAndEmbassyDraws(t *testing.T) {
	s := table(t, 4)
	s.build(t, 0, Strategist)
	s.build(t, 0, Armada)
	s.build(t, 1, Wall)
	s.build(t, 1, Embassy)
	far := s.build(t, 2, Palace)
	s.build(t, 2, Embassy)
	r1 := len(s.p[1].Reserve)
	attackUntilHit(t, s, 1)
	if len(s.p[1].Reserve) <= r1 {
		t.Fatal("the attacked player's Embassy did not draw")
	}
	r2 := len(s.p[2].Reserve)
	s.must(t, 0, Move{Kind: MoveWound, TargetCard: far})
	if s.wounds(far) != 1 {
		t.Fatal("the Strategist could not spread a wound to seat 2")
	}
	if len(s.p[2].Reserve) != r2+1 {
		t.Fatal("seat 2, wounded by the spread attack, counts as attacked: its Embassy draws")
	}
}

func TestTraitorCancels(t *testing.T) {
	s := table(t, 3)
	tr := s.build(t, 2, Traitor)
	p := s.hand(t, 0, Palace)
	s.must(t, 0, Move{Kind: MovePlay, Card: p})
	if s.step != StepTraitor || s.ToAct() != 2 {
		t.Fatalf("step %s, seat %d to act; want seat 2's Traitor asked", s.step, s.ToAct())
	}
	s.deny(t, 0, Move{Kind: MoveDraw}, "the Traitor decides first")
	s.must(t, 2, Move{Kind: MoveBetray})
	if !inCemetery(s, 0, p) || !inCemetery(s, 2, tr) || len(s.p[0].City) != 0 {
		t.Fatal("the Traitor did not cancel the Palace and bury itself")
	}
	q := s.hand(t, 0, Library)
	s.deny(t, 0, Move{Kind: MovePlay, Card: q}, "the play action was spent on the cancelled card")
	s.must(t, 0, Move{Kind: MoveEndTurn})
	// allowed: the card resolves
	s.build(t, 2, Traitor)
	w := s.hand(t, 1, Wall)
	s.must(t, 1, Move{Kind: MovePlay, Card: w})
	s.must(t, 2, Move{Kind: MoveAllow})
	if o, _ := s.findPlaced(w); o != 1 {
		t.Fatal("the allowed Wall is not in play")
	}
}

func TestBriberyAndSpy(t *testing.T) {
	s := table(t, 3)
	b := s.hand(t, 0, Bribery)
	m := len(s.market)
	s.must(t, 0, Move{Kind: MovePlay, Card: b})
	if s.step != StepPick {
		t.Fatal("Bribery does not let the player browse")
	}
	obs := s.observe(0)
	if len(obs.Browse) != m {
		t.Fatalf("browsing %d cards of a Market of %d", len(obs.Browse), m)
	}
	if len(s.observe(1).Browse) != 0 {
		t.Fatal("another seat sees the Market being browsed")
	}
	k := KindOf(obs.Browse[0])
	s.deny(t, 0, Move{Kind: MoveTake, Take: numKinds + 3}, "no such card")
	evs := s.must(t, 0, Move{Kind: MoveTake, Take: k})
	if KindOf(s.p[0].Reserve[len(s.p[0].Reserve)-1]) != k || len(s.market) != m-1 {
		t.Fatal("Bribery did not take the card")
	}
	if evs[len(evs)-1].Kind != EvShuffle {
		t.Fatal("the Market was not reshuffled")
	}
	s.must(t, 0, Move{Kind: MoveEndTurn})
	// Spy
	sp := s.hand(t, 1, Spy)
	g := s.hand(t, 2, Armada)
	s.must(t, 1, Move{Kind: MovePlay, Card: sp, Target: 2})
	if got := s.observe(1).Browse; len(got) != 1 || got[0] != g {
		t.Fatalf("the spy sees %v, want seat 2's Reserve", got)
	}
	s.must(t, 1, Move{Kind: MoveTake, Take: Armada})
	if len(s.p[2].Reserve) != 0 || reserveIndex(s.p[1].Reserve, g) < 0 {
		t.Fatal("Spy did not take the Armada")
	}
}

func TestSabotagePlagueTaxesLevy(t *testing.T) {
	s := table(t, 3)
	s.build(t, 0, Library)
	s.build(t, 0, Factory)
	s.build(t, 0, Factory)
	s.build(t, 0, Factory)
	wall := s.build(t, 1, Wall)
	own := s.build(t, 0, Militia)
	theirs := s.build(t, 2, Cavalry)
	sab := s.hand(t, 0, Sabotage)
	s.deny(t, 0, Move{Kind: MovePlay, Card: sab, TargetCard: theirs}, "Sabotage targets a building")
	s.deny(t, 0, Move{Kind: MovePlay, Card: sab, TargetCard: s.p[0].City[0].Card}, "not one's own building")
	s.must(t, 0, Move{Kind: MovePlay, Card: sab, TargetCard: wall})
	if s.wounds(wall) != SabotageWounds || !inCemetery(s, 0, sab) {
		t.Fatalf("Sabotage did not put %d wounds and go to the Cemetery", SabotageWounds)
	}
	pl := s.hand(t, 0, Plague)
	s.must(t, 0, Move{Kind: MovePlay, Card: pl})
	if s.wounds(own) != 0 || s.wounds(theirs) != 1 || s.wounds(wall) != SabotageWounds {
		t.Fatal("Plague wounds every army of the other players, and only armies")
	}
	s.coin(t, 1, 1)
	s.coin(t, 1, 2)
	s.coin(t, 2, 3)
	s.coin(t, 2, 5)
	s.coin(t, 0, 1)
	s.coin(t, 0, 1)
	s.coin(t, 0, 1)
	tx := s.hand(t, 0, Taxes)
	s.must(t, 0, Move{Kind: MovePlay, Card: tx})
	if len(s.p[0].Coins) != 5 || len(s.p[1].Coins) != 1 || len(s.p[2].Coins) != 1 {
		t.Fatalf("Taxes: coins %d/%d/%d, want 5/1/1 (both richest pay one)", len(s.p[0].Coins), len(s.p[1].Coins), len(s.p[2].Coins))
	}
	lv := s.hand(t, 0, Levy)
	r := len(s.p[0].Reserve)
	s.must(t, 0, Move{Kind: MovePlay, Card: lv})
	if len(s.p[0].Reserve) != r+1 { // -Levy +2
		t.Fatal("Levy did not draw two cards")
	}
}

func TestNegotiationDamageHospitalMemorial(t *testing.T) {
	s := table(t, 3)
	s.build(t, 0, Hospital)
	mem := s.build(t, 1, Memorial)
	a := s.build(t, 1, Infantry) // strength 2
	b := s.build(t, 1, Militia)  // strength 1
	c := s.build(t, 2, Armada)
	pal := s.build(t, 2, Palace)
	s.p[1].City[1].Wounds = 2 // Infantry: dies unless healed
	s.p[1].City[2].Wounds = 1 // Militia: dies
	s.p[2].City[0].Wounds = 2 // Armada survives (3)
	s.p[2].City[1].Wounds = 4 // Palace dies
	s.endTurns(t)
	if s.step != StepHospital || s.ToAct() != 0 {
		t.Fatalf("step %s seat %d; want seat 0's Hospital", s.step, s.ToAct())
	}
	s.deny(t, 0, Move{Kind: MoveHeal, TargetCard: pal}, "a Hospital heals armies")
	s.must(t, 0, Move{Kind: MoveHeal, TargetCard: a}) // heals another player's army
	if s.step != StepPropose {
		t.Fatalf("step %s after the Hospital", s.step)
	}
	if !inCemetery(s, 1, b) || !inCemetery(s, 2, pal) {
		t.Fatal("cards with wounds ≥ strength were not buried")
	}
	if o, _ := s.findPlaced(a); o != 1 {
		t.Fatal("the healed Infantry died")
	}
	if s.wounds(c) != 0 {
		t.Fatal("a survivor kept its wounds")
	}
	// power: seat 0 Hospital 2; seat 1 Memorial 1+1 (Militia buried) + Infantry 2; seat 2 Armada 3
	want := []int{2, 4, 3}
	for i, w := range want {
		if s.power[i] != w {
			t.Fatalf("power %v, want %v", s.power, want)
		}
	}
	_ = mem
}

func TestPowerOrderMatters(t *testing.T) {
	for _, coupFirst := range []bool{true, false} {
		s := table(t, 3)
		s.build(t, 0, Militia)
		s.build(t, 0, Militia)
		s.build(t, 0, Militia) // 3 armies: Coup moves 1 + 3
		s.build(t, 1, Wall)    // 3, 1 building: Propaganda +2
		cp, pr := s.fetch(t, Coup), s.fetch(t, Propaganda)
		coup := Placed{Card: cp, By: 0}
		prop := Placed{Card: pr, By: 1}
		if coupFirst {
			coup.Order, prop.Order = 1, 2
		} else {
			coup.Order, prop.Order = 2, 1
		}
		s.p[1].City = append(s.p[1].City, coup, prop)
		s.check(t)
		var log events
		s.computePower(&log)
		// Coup first: takes 3 of 3 (capped), then Propaganda +2 → seat 1 = 2, seat 0 = 6.
		// Propaganda first: 5, then the Coup takes 4 → seat 1 = 1, seat 0 = 7.
		want0, want1 := 6, 2
		if !coupFirst {
			want0, want1 = 7, 1
		}
		if s.power[1] != want1 || s.power[0] != want0 {
			t.Fatalf("coup first %v: power %v", coupFirst, s.power)
		}
	}
	// Capped case: the target has less power than the Coup moves.
	for _, coupFirst := range []bool{true, false} {
		s := table(t, 3)
		for i := 0; i < 4; i++ {
			s.build(t, 0, Militia)
		}
		s.build(t, 1, Memorial) // 1, one building: Propaganda +2
		cp, pr := s.fetch(t, Coup), s.fetch(t, Propaganda)
		coup, prop := Placed{Card: cp, By: 0, Order: 1}, Placed{Card: pr, By: 1, Order: 2}
		if !coupFirst {
			coup.Order, prop.Order = 2, 1
		}
		s.p[1].City = append(s.p[1].City, coup, prop)
		s.check(t)
		s.computePower(nil)
		want := []int{5, 2, 0} // coup first: takes 1, then +2
		if !coupFirst {
			want = []int{7, 0, 0} // Propaganda first: 3, then the Coup takes all three
		}
		for i := range want {
			if s.power[i] != want[i] {
				t.Fatalf("coup first %v: power %v, want %v", coupFirst, s.power, want)
			}
		}
	}
}

func TestBeggar(t *testing.T) {
	s := table(t, 4)
	s.coin(t, 1, 1)
	s.coin(t, 2, 1)
	s.coin(t, 0, 1)
	s.coin(t, 3, 1)
	s.coin(t, 3, 1)
	s.p[0].City = append(s.p[0].City, Placed{Card: s.fetch(t, Beggar), By: 0, Order: 1})
	s.check(t)
	s.computePower(nil)
	if s.power[0] != 2 { // only seat 3 holds more coins than seat 0: +2
		t.Fatalf("Beggar power %d, want 2", s.power[0])
	}
}

// negotiate brings a 4-player table with powers 5/4/3/1 to the proposals.
func negotiate(t *testing.T) *State {
	s := table(t, 4)
	s.build(t, 0, Palace)
	s.build(t, 0, Infantry) // 3 + 2
	s.build(t, 1, Palace)
	s.build(t, 1, Militia) // 3 + 1
	s.build(t, 2, Wall)    // 3
	s.build(t, 3, Militia) // 1
	s.check(t)
	if s.cityStrength(0) != 5 || s.cityStrength(1) != 4 || s.cityStrength(2) != 3 || s.cityStrength(3) != 1 {
		t.Fatalf("strengths %d/%d/%d/%d, want 5/4/3/1", s.cityStrength(0), s.cityStrength(1), s.cityStrength(2), s.cityStrength(3))
	}
	s.endTurns(t)
	if s.step != StepPropose || s.ToAct() != 0 {
		t.Fatalf("step %s seat %d", s.step, s.ToAct())
	}
	return s
}

func TestSingleWinnerEarns(t *testing.T) {
	s := negotiate(t)
	s.passAll(t)
	if len(s.p[0].Coins) != Earning(4) || len(s.p[1].Coins) != 0 {
		t.Fatalf("coins %d/%d; the strongest alone earns %d", len(s.p[0].Coins), len(s.p[1].Coins), Earning(4))
	}
	if s.first != 3 {
		t.Fatalf("First Player token at seat %d; it passes right, to seat 3", s.first)
	}
	if s.round != 2 || s.ToAct() != 3 {
		t.Fatal("round 2 does not start with the new First Player")
	}
}

func TestRegimeSharesAndBinding(t *testing.T) {
	s := negotiate(t)
	s.must(t, 0, Move{Kind: MovePass})
	s.deny(t, 1, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{1, 2}, Shares: []int{2, 2}}}, "shares must add up to 3")
	s.deny(t, 1, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{2, 3}, Shares: []int{2, 1}}}, "the proposer must be a member")
	s.deny(t, 1, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{1}, Shares: []int{3}}}, "a regime has two players or more")
	s.must(t, 1, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{1, 2}, Shares: []int{2, 1}}})
	if s.step != StepVote || s.ToAct() != 2 {
		t.Fatal("seat 2 must answer")
	}
	s.must(t, 2, Move{Kind: MoveAgree})
	if s.regimeOf[1] < 0 || s.regimeOf[2] < 0 {
		t.Fatal("the regime did not form")
	}
	s.passAll(t) // seat 3 passes
	if len(s.p[1].Coins) != 2 || len(s.p[2].Coins) != 1 || len(s.p[0].Coins) != 0 {
		t.Fatalf("coins %d/%d/%d; the regime (7) beats seat 0 (5) and shares 2/1", len(s.p[0].Coins), len(s.p[1].Coins), len(s.p[2].Coins))
	}
}

func TestRefusalAndTie(t *testing.T) {
	s := negotiate(t)
	// seat 0 proposes to seat 3 (5+1 = 6); seat 3 refuses
	s.must(t, 0, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{0, 3}, Shares: []int{2, 1}}})
	s.must(t, 3, Move{Kind: MoveRefuse})
	if s.regimeOf[0] >= 0 || s.ToAct() != 1 {
		t.Fatal("a refused proposal formed a regime, or the next proposer is not seat 1")
	}
	// seat 1 + seat 3 = 5 ties seat 0
	s.must(t, 1, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{1, 3}, Shares: []int{2, 1}}})
	s.must(t, 3, Move{Kind: MoveAgree})
	s.passAll(t)
	for i := range s.p {
		if len(s.p[i].Coins) != 0 {
			t.Fatalf("a tie for highest power earned seat %d coins", i)
		}
	}
}

func TestEarningTable(t *testing.T) {
	for n := 3; n <= 8; n++ {
		s := table(t, n)
		s.build(t, 0, Palace)
		s.endTurns(t)
		s.passAll(t)
		if len(s.p[0].Coins) != Earning(n) {
			t.Fatalf("%d players: earned %d, want %d", n, len(s.p[0].Coins), Earning(n))
		}
	}
}

func TestGameEndsAfterMarketEmptied(t *testing.T) {
	s := table(t, 3)
	s.p[2].Reserve = append(s.p[2].Reserve, s.market[1:]...)
	s.market = s.market[:1]
	s.check(t)
	s.must(t, 0, Move{Kind: MoveDraw})
	if !s.emptied || s.Over() {
		t.Fatal("drawing the last card must end the game only after the round")
	}
	s.deny(t, 0, Move{Kind: MoveDraw}, "the Market is empty")
	s.endTurns(t)
	s.passAll(t)
	if !s.Over() {
		t.Fatal("the game did not end after the round in which the Market emptied")
	}
	out := s.Outcome()
	if out.Rounds != 1 || len(out.Winners) == 0 {
		t.Fatalf("outcome %+v", out)
	}
	if len(s.observe(1).Revealed) != 3 {
		t.Fatal("coin values are not revealed at the end")
	}
	if s.Legal(s.ToAct()) != nil || s.ToAct() != rules.NoSeat {
		t.Fatal("moves remain after the end")
	}
}

func TestTrading(t *testing.T) {
	s := table(t, 3)
	card := s.hand(t, 0, Coup)
	coin := s.coin(t, 1, 3)
	s.deny(t, 0, Move{Kind: MoveOffer, Offer: &Offer{From: 0, To: 0, GiveCards: []CardID{card}, AskCoins: 1}}, "trade with oneself")
	s.deny(t, 0, Move{Kind: MoveOffer, Offer: &Offer{From: 0, To: 1, GiveCards: []CardID{card + 1}, AskCoins: 1}}, "not in the Reserve")
	s.must(t, 0, Move{Kind: MoveOffer, Offer: &Offer{From: 0, To: 1, GiveCards: []CardID{card}, AskCoins: 1, Words: "It is a strong Coup."}})
	if s.ToAct() != 1 {
		t.Fatal("the other side must answer")
	}
	if obs := s.observe(2); obs.Offer == nil || len(obs.Offer.GiveCoins) != 0 {
		t.Fatal("the table hears the offer")
	}
	s.deny(t, 1, Move{Kind: MoveAccept}, "one coin is asked")
	s.must(t, 1, Move{Kind: MoveAccept, Coins: []CoinID{coin}})
	if reserveIndex(s.p[1].Reserve, card) < 0 || coinIndex(s.p[0].Coins, coin) < 0 {
		t.Fatal("the trade did not execute")
	}
	if len(s.promises) != 1 || !strings.Contains(s.promises[0].Words, "Coup") {
		t.Fatal("the spoken words were not recorded")
	}
	s.deny(t, 0, Move{Kind: MoveOffer, Offer: &Offer{From: 0, To: 1, AskCoins: 1}}, "one offer to each player a turn")
	s.must(t, 0, Move{Kind: MoveOffer, Offer: &Offer{From: 0, To: 2, AskCoins: 1}})
	s.must(t, 2, Move{Kind: MoveDecline})
	for _, m := range s.Legal(0) {
		if m.(Move).Kind == MoveOffer {
			t.Fatalf("both other players had an offer this turn, yet %v is legal", m)
		}
	}
	s.must(t, 0, Move{Kind: MovePromise, Target: 2, Words: "I will not attack you."})
	s.deny(t, 0, Move{Kind: MovePromise, Target: 2, Words: "again"}, "one promise to each player a turn")
	s.must(t, 0, Move{Kind: MovePromise, Target: 1, Words: "Nor you."})
	for _, m := range s.Legal(0) {
		if m.(Move).Kind == MovePromise {
			t.Fatalf("both other players had a promise this turn, yet %v is legal", m)
		}
	}
	s.must(t, 0, Move{Kind: MoveEndTurn})
	// seat 1 buys seat 2's pledge
	c2 := s.coin(t, 1, 1)
	s.must(t, 1, Move{Kind: MoveOffer, Offer: &Offer{From: 1, To: 2, GiveCoins: []CoinID{c2}, AskPledge: true}})
	s.must(t, 2, Move{Kind: MoveAccept})
	if s.p[2].Pledge != 1 {
		t.Fatal("the pledge was not made")
	}
}

func TestPropagandaCountsPalaceTwice(t *testing.T) {
	s := table(t, 3)
	s.build(t, 0, Palace)
	s.build(t, 0, Wall)
	s.build(t, 0, Militia)
	s.p[0].City = append(s.p[0].City, Placed{Card: s.fetch(t, Propaganda), By: 0, Order: 1})
	s.check(t)
	s.computePower(nil)
	want := Cards[Palace].Strength + Cards[Wall].Strength + Cards[Militia].Strength + 2*(2+1)
	if s.power[0] != want {
		t.Fatalf("power %d, want %d: Propaganda gives +2 a building and the Palace counts as two", s.power[0], want)
	}
}
