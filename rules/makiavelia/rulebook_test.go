package makiavelia

import (
	"slices"
	"strings"
	"testing"

	"principe/rules"
)

// The scenarios of this file follow the rulebook where the first version of these rules
// did not: face-down Cemeteries, trades between two players, negotiated regimes, a game
// that ends with the Market and not the Treasury, and the First Player token passing right.

// TestCemeteriesFaceDown: "Cemetery: a player's personal stack of used cards. These are
// face down." A seat sees its own Cemetery and the size of the others'; a Memorial's
// strength still counts the armies in its owner's Cemetery.
func TestCemeteriesFaceDown(t *testing.T) {
	s := table(t, 4)
	s.build(t, 1, Memorial)
	army, wall := s.fetch(t, Cavalry), s.fetch(t, Wall)
	s.p[1].Cemetery = []CardID{army, wall}
	s.p[2].Cemetery = []CardID{s.fetch(t, Infantry)}
	s.check(t)

	own := s.observe(1)
	if !slices.Equal(own.Cemeteries[1], []CardID{army, wall}) {
		t.Fatalf("seat 1 sees its own Cemetery as %v", own.Cemeteries[1])
	}
	other := s.observe(0)
	if other.Cemeteries[1] != nil || other.Cemeteries[2] != nil {
		t.Fatalf("seat 0 sees other Cemeteries: %v", other.Cemeteries)
	}
	if !slices.Equal(other.CemeterySizes, []int{0, 2, 1, 0}) {
		t.Fatalf("Cemetery sizes %v, want [0 2 1 0]", other.CemeterySizes)
	}
	if !slices.Equal(other.MemorialArmies, []int{0, 1, 0, 0}) {
		t.Fatalf("Memorial armies %v: seat 1's Memorial counts one army, seat 2 has no Memorial", other.MemorialArmies)
	}
	mem := s.p[1].City[0]
	if got, want := other.Strength(mem), Cards[Memorial].Strength+1; got != want || s.strength(mem) != want {
		t.Fatalf("Memorial strength %d seen, %d in the state, want %d", got, s.strength(mem), want)
	}

	// Seat 0's samples redeal the hidden Cemeteries: sizes kept, seat 1's with one army,
	// and not always the real cards.
	rng := rules.NewRNG(5)
	varied := false
	for range 40 {
		r := s.Resample(0, &rng).(*State)
		if err := r.Check(); err != nil {
			t.Fatal(err)
		}
		c1 := r.p[1].Cemetery
		if len(c1) != 2 || len(r.p[2].Cemetery) != 1 || r.cemeteryArmies(1) != 1 {
			t.Fatalf("sampled Cemeteries %v / %v: sizes 2 and 1, one army in seat 1's", c1, r.p[2].Cemetery)
		}
		varied = varied || !slices.Equal(c1, s.p[1].Cemetery)
	}
	if !varied {
		t.Fatal("every sample dealt seat 1's real Cemetery: it is not hidden")
	}
}

// TestTradeSeenOnlyByParties: an offer's terms are the two parties' business; the table
// sees that an offer was made and, when accepted, what changed hands in counts.
func TestTradeSeenOnlyByParties(t *testing.T) {
	s := table(t, 4)
	coup := s.hand(t, 0, Coup)
	coin := s.coin(t, 1, 3)
	evs := s.must(t, 0, Move{Kind: MoveOffer, Offer: &Offer{From: 0, To: 1, GiveCards: []CardID{coup}, AskCoins: 1, Words: "Use it on seat 2."}})

	if o := s.observe(1); o.OfferHidden || !slices.Equal(o.Offer.GiveCards, []CardID{coup}) || o.Offer.AskCoins != 1 {
		t.Fatalf("the other party must see the terms: %+v", o.Offer)
	}
	o := s.observe(2)
	if !o.OfferHidden || o.Offer.From != 0 || o.Offer.To != 1 || len(o.Offer.GiveCards) != 0 || o.Offer.AskCoins != 0 || o.Offer.Words != "" {
		t.Fatalf("seat 2 sees the terms of a trade it is not part of: %+v", o.Offer)
	}
	for _, e := range ForSeat(evs, 2) {
		if e.Kind == EvOffer && (!e.Hidden || len(e.Offer.GiveCards) != 0 || strings.Contains(e.String(), "Coup")) {
			t.Fatalf("seat 2 hears the offer's terms: %v", e)
		}
	}
	for _, e := range ForSeat(evs, 1) {
		if e.Kind == EvOffer && (e.Hidden || !strings.Contains(e.String(), "Coup")) {
			t.Fatalf("seat 1 does not hear the offer's terms: %v", e)
		}
	}

	evs = s.must(t, 1, Move{Kind: MoveAccept, Coins: []CoinID{coin}})
	var trade *Exchange
	for _, e := range ForSeat(evs, 3) {
		switch e.Kind {
		case EvTrade:
			trade = e.Exchange
			if strings.Contains(e.String(), "Coup") || e.Offer == nil || len(e.Offer.GiveCards) != 0 {
				t.Fatalf("seat 3 hears what was traded: %v", e)
			}
		case EvGive, EvCoin:
			if !e.Hidden || e.Card >= 0 || e.Coin >= 0 {
				t.Fatalf("seat 3 sees the traded card or coin: %+v", e)
			}
		}
	}
	want := Exchange{From: 0, To: 1, CardsGiven: 1, CoinsPaid: 1, PledgeBy: rules.NoSeat}
	if trade == nil || *trade != want {
		t.Fatalf("the table sees the trade as %+v, want %+v", trade, want)
	}
	for _, e := range ForSeat(evs, 0) {
		if (e.Kind == EvGive && e.Card != coup) || (e.Kind == EvCoin && e.Coin != coin) {
			t.Fatalf("a party does not see what it traded: %+v", e)
		}
	}
	if ps := s.observe(3).Promises; len(ps) != 0 {
		t.Fatalf("the words of a trade reached seat 3: %v", ps)
	}
	if ps := s.observe(1).Promises; len(ps) != 1 || ps[0].Words != "Use it on seat 2." {
		t.Fatalf("the words of a trade did not reach its party: %v", ps)
	}

	// A declined offer leaves nothing for the table either.
	s.must(t, 0, Move{Kind: MoveOffer, Offer: &Offer{From: 0, To: 2, GiveCards: s.p[0].Reserve[:0], AskCards: 1, GivePledge: true}})
	evs = s.must(t, 2, Move{Kind: MoveDecline})
	for _, e := range ForSeat(evs, 3) {
		if e.Kind != EvDecline || !e.Hidden || e.Offer.GivePledge || e.Offer.AskCards != 0 {
			t.Fatalf("seat 3 hears a declined offer's terms: %+v", e)
		}
	}
}

// TestCounterAndRevision: an invited player answers with a counter-share, the author
// answers the counter, and a proposer revises a fallen proposal at its next turn to speak.
func TestCounterAndRevision(t *testing.T) {
	s := negotiate(t) // powers 5/4/3/1, seat 0 speaks first
	s.must(t, 0, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{0, 2}, Shares: []int{3, 0}}})
	if s.ToAct() != 2 || s.step != StepVote {
		t.Fatal("seat 2 must answer")
	}
	s.deny(t, 2, Move{Kind: MoveCounter, Regime: &Regime{Members: []rules.Seat{0, 2}, Shares: []int{3, 0}}}, "a counter changes the shares")
	s.deny(t, 2, Move{Kind: MoveCounter, Regime: &Regime{Members: []rules.Seat{0, 3}, Shares: []int{2, 1}}}, "a counter keeps the members")
	s.deny(t, 2, Move{Kind: MoveCounter, Regime: &Regime{Members: []rules.Seat{0, 2}, Shares: []int{2, 2}}}, "shares add up to 3")
	evs := s.must(t, 2, Move{Kind: MoveCounter, Regime: &Regime{Members: []rules.Seat{0, 2}, Shares: []int{1, 2}}})
	if evs[0].Kind != EvCounter || s.author != 2 || s.ToAct() != 0 || s.step != StepVote {
		t.Fatalf("after the counter: event %v, author %d, seat %d to act at %s", evs[0].Kind, s.author, s.ToAct(), s.step)
	}
	if o := s.observe(3); o.ProposedBy != 2 || o.Proposal.ShareOf(2) != 2 || !slices.Equal(o.Voters, []rules.Seat{0}) {
		t.Fatalf("the table sees the counter as %+v by %d, voters %v", o.Proposal, o.ProposedBy, o.Voters)
	}
	s.must(t, 0, Move{Kind: MoveRefuse})
	if s.regimeOf[0] >= 0 || s.step != StepPropose || s.ToAct() != 1 {
		t.Fatalf("a refused counter: regime %d, step %s, seat %d to speak (want seat 1)", s.regimeOf[0], s.step, s.ToAct())
	}
	if r := s.observe(3).Refused; len(r) != 1 || r[0].ShareOf(2) != 2 {
		t.Fatalf("the table remembers the refused terms as %v", r)
	}
	for _, q := range []rules.Seat{1, 2, 3} {
		s.must(t, q, Move{Kind: MovePass})
	}
	// Seat 0 speaks again and revises its proposal; seat 2 agrees.
	s.must(t, 0, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{0, 2}, Shares: []int{2, 1}}})
	s.must(t, 2, Move{Kind: MoveAgree})
	if s.regimeOf[0] < 0 || s.regimeOf[0] != s.regimeOf[2] {
		t.Fatal("the revised proposal did not form the regime")
	}
	if s.TermsLeft(0) != MaxTerms-2 || s.TermsLeft(2) != MaxTerms-1 {
		t.Fatalf("terms left %d and %d", s.TermsLeft(0), s.TermsLeft(2))
	}
	s.passAll(t) // seats 3 and 1 pass
	if len(s.p[0].Coins) != 2 || len(s.p[2].Coins) != 1 {
		t.Fatalf("coins %d/%d, want the agreed 2/1", len(s.p[0].Coins), len(s.p[2].Coins))
	}
}

// TestTermsAreLimited: each player puts terms on the table at most MaxTerms times a
// negotiation, so that a negotiation always ends.
func TestTermsAreLimited(t *testing.T) {
	s := negotiate(t)
	s.must(t, 0, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{0, 1}, Shares: []int{3, 0}}})
	s.must(t, 1, Move{Kind: MoveCounter, Regime: &Regime{Members: []rules.Seat{0, 1}, Shares: []int{1, 2}}})
	s.must(t, 0, Move{Kind: MoveCounter, Regime: &Regime{Members: []rules.Seat{0, 1}, Shares: []int{2, 1}}})
	s.must(t, 1, Move{Kind: MoveCounter, Regime: &Regime{Members: []rules.Seat{0, 1}, Shares: []int{0, 3}}})
	s.must(t, 0, Move{Kind: MoveCounter, Regime: &Regime{Members: []rules.Seat{0, 1}, Shares: []int{3, 0}}})
	s.must(t, 1, Move{Kind: MoveCounter, Regime: &Regime{Members: []rules.Seat{0, 1}, Shares: []int{1, 2}}})
	if s.TermsLeft(0) != 0 || s.TermsLeft(1) != 0 {
		t.Fatalf("terms left %d and %d, want none", s.TermsLeft(0), s.TermsLeft(1))
	}
	s.deny(t, 0, Move{Kind: MoveCounter, Regime: &Regime{Members: []rules.Seat{0, 1}, Shares: []int{2, 1}}}, "no terms left")
	for _, m := range s.Legal(0) {
		if m.(Move).Kind == MoveCounter {
			t.Fatalf("%v is listed with no terms left", m)
		}
	}
	s.must(t, 0, Move{Kind: MoveRefuse})
	for _, q := range []rules.Seat{1, 2, 3} {
		s.must(t, q, Move{Kind: MovePass})
	}
	if l := s.Legal(0); len(l) != 1 || l[0].(Move).Kind != MovePass {
		t.Fatalf("seat 0 has no terms left: it may only pass, not %v", l)
	}
	s.deny(t, 0, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{0, 2}, Shares: []int{2, 1}}}, "no terms left")
	s.passAll(t)
	if s.round != 2 {
		t.Fatal("the negotiation did not end")
	}
}

// TestNegotiationEndsWhenEveryFreePlayerPassed: the negotiation ends only when every
// free player has passed since the last change (a proposal, a counter, a regime formed).
func TestNegotiationEndsWhenEveryFreePlayerPassed(t *testing.T) {
	s := negotiate(t)
	s.must(t, 0, Move{Kind: MovePass})
	s.must(t, 1, Move{Kind: MovePass})
	s.must(t, 2, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{2, 3}, Shares: []int{2, 1}}})
	s.must(t, 3, Move{Kind: MoveRefuse})
	for i, q := range []rules.Seat{3, 0, 1} {
		s.must(t, q, Move{Kind: MovePass})
		if s.step != StepPropose || s.observe(0).Passes != i+1 {
			t.Fatalf("after %d passes since the proposal: step %s, passes %d", i+1, s.step, s.passes)
		}
	}
	if s.ToAct() != 2 {
		t.Fatalf("seat %d speaks; seat 2 has not passed since its proposal", s.ToAct())
	}
	s.must(t, 2, Move{Kind: MovePass})
	if s.round != 2 || len(s.p[0].Coins) != Earning(4) {
		t.Fatalf("round %d, seat 0 holds %d coins: every free player passed, seat 0 wins alone", s.round, len(s.p[0].Coins))
	}
	// A regime formed is a change too; its members no longer speak; a lone free player
	// leaves nobody to negotiate with.
	s = negotiate(t)
	s.must(t, 0, Move{Kind: MovePass})
	s.must(t, 1, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{1, 2, 3}, Shares: []int{1, 1, 1}}})
	s.must(t, 2, Move{Kind: MoveAgree})
	s.must(t, 3, Move{Kind: MoveAgree})
	if s.round != 2 || len(s.p[1].Coins) != 1 || len(s.p[0].Coins) != 0 {
		t.Fatalf("round %d, coins %d/%d: seat 0 alone is free, so the round is settled (8 against 5)", s.round, len(s.p[0].Coins), len(s.p[1].Coins))
	}
}

// TestPledgeBindsToJoinNotToShare: a pledged player joins its holder's regime, never
// another, but names the share it accepts.
func TestPledgeBindsToJoinNotToShare(t *testing.T) {
	s := negotiate(t)
	s.p[2].Pledge = 1 // seat 2 pledged to join seat 1's regime
	s.must(t, 0, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{0, 2}, Shares: []int{2, 1}}})
	if s.regimeOf[0] >= 0 || s.ToAct() != 1 {
		t.Fatal("seat 2 is pledged to seat 1: it refuses any regime without seat 1")
	}
	s.must(t, 1, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{1, 2}, Shares: []int{3, 0}}})
	if s.ToAct() != 2 {
		t.Fatal("a pledged player answers its holder's proposal itself")
	}
	s.deny(t, 2, Move{Kind: MoveRefuse}, "a pledge binds it to join")
	for _, m := range s.Legal(2) {
		if m.(Move).Kind == MoveRefuse {
			t.Fatal("refuse is listed for a bound player with terms left")
		}
	}
	s.must(t, 2, Move{Kind: MoveCounter, Regime: &Regime{Members: []rules.Seat{1, 2}, Shares: []int{2, 1}}})
	s.must(t, 1, Move{Kind: MoveAgree})
	if s.regimeOf[1] < 0 || s.regimeOf[1] != s.regimeOf[2] || s.regimes[0].ShareOf(2) != 1 {
		t.Fatalf("regimes %v: seat 2 joins seat 1 at the share it asked", s.regimes)
	}
	s2 := negotiate(t)
	s2.p[0].Pledge = 1
	s2.deny(t, 0, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{0, 2}, Shares: []int{2, 1}}}, "a pledged player's regime must include the holder")
}

// TestEmptyTreasuryDoesNotEndGame: the game ends after the round in which the Market
// empties; with the Treasury empty nobody earns, and coins spent back can be earned again.
func TestEmptyTreasuryDoesNotEndGame(t *testing.T) {
	s := table(t, 3)
	s.build(t, 0, Palace)
	for len(s.bag) > 1 {
		s.coin(t, 1, CoinValue(s.bag[0]))
	}
	s.endTurns(t)
	var evs []Event
	for s.step == StepPropose {
		evs = append(evs, s.must(t, s.ToAct(), Move{Kind: MovePass})...)
	}
	if len(s.p[0].Coins) != 1 || s.Over() || s.round != 2 {
		t.Fatalf("with one coin left the winner gets %d, over=%v, round %d: an empty Treasury does not end the game", len(s.p[0].Coins), s.Over(), s.round)
	}
	if !slices.ContainsFunc(evs, func(e Event) bool { return e.Kind == EvDryTreasury && e.Value == Earning(3)-1 }) {
		t.Fatal("no event says the Treasury ran dry, and how many coins were not paid")
	}
	s.endTurns(t)
	s.passAll(t)
	if len(s.p[0].Coins) != 1 || s.Over() {
		t.Fatalf("round 2 with an empty Treasury: seat 0 holds %d coins, over=%v", len(s.p[0].Coins), s.Over())
	}
	// Seat 1, poisoned, spends a coin back into the bag; seat 0 earns it.
	s.p[1].City = append(s.p[1].City, Placed{Card: s.fetch(t, Poison), By: 2, Order: 99})
	spent := s.p[1].Coins[0]
	s.startTurn(1, nil)
	s.must(t, 1, Move{Kind: MoveCure, Coin: spent})
	s.endTurns(t)
	s.passAll(t)
	if !slices.Contains(s.p[0].Coins, spent) {
		t.Fatal("the coin spent back into the Treasury was not earned again")
	}
}

// TestRoundCapReported: the round cap is a guard the rulebook lacks; a game it stops says so.
func TestRoundCapReported(t *testing.T) {
	s := table(t, 3)
	s.round = MaxRounds
	s.endTurns(t)
	var evs []Event
	for s.step == StepPropose {
		evs = append(evs, s.must(t, s.ToAct(), Move{Kind: MovePass})...)
	}
	if !s.Over() || !s.Capped() || !s.observe(0).Capped {
		t.Fatalf("over=%v capped=%v at the round cap", s.Over(), s.Capped())
	}
	if !slices.ContainsFunc(evs, func(e Event) bool { return e.Kind == EvRoundCap && e.Value == MaxRounds }) {
		t.Fatal("no round-cap event")
	}
	// A game that ends with the Market is not capped.
	s = table(t, 3)
	s.p[2].Reserve = append(s.p[2].Reserve, s.market[1:]...)
	s.market = s.market[:1]
	s.must(t, 0, Move{Kind: MoveDraw})
	s.endTurns(t)
	s.passAll(t)
	if !s.Over() || s.Capped() {
		t.Fatalf("over=%v capped=%v after the Market emptied", s.Over(), s.Capped())
	}
}

// TestFirstPlayerPassesRight: "pass the First Player token to the next player on the
// right", so the last player of a round plays the first turn of the next one too.
func TestFirstPlayerPassesRight(t *testing.T) {
	s := table(t, 4) // seat 0 first: seats 0, 1, 2, 3 play
	var order []rules.Seat
	for s.step == StepTurn {
		order = append(order, s.ToAct())
		s.must(t, s.ToAct(), Move{Kind: MoveEndTurn})
	}
	evs := []Event{}
	for s.step == StepPropose {
		evs = append(evs, s.must(t, s.ToAct(), Move{Kind: MovePass})...)
	}
	if !slices.ContainsFunc(evs, func(e Event) bool { return e.Kind == EvFirstPlayer && e.Seat == 3 }) || s.observe(0).First != 3 {
		t.Fatal("the First Player token did not pass right, to seat 3")
	}
	for s.step == StepTurn {
		order = append(order, s.ToAct())
		s.must(t, s.ToAct(), Move{Kind: MoveEndTurn})
	}
	if want := []rules.Seat{0, 1, 2, 3, 3, 0, 1, 2}; !slices.Equal(order, want) {
		t.Fatalf("turn order %v, want %v", order, want)
	}
}

// TestGreedyCounters: a bot asked to join a winning regime for less than its share by
// power counters with that share, and the proposer takes the counter.
func TestGreedyCounters(t *testing.T) {
	s := negotiate(t) // powers 5/4/3/1, 3 coins
	s.must(t, 0, Move{Kind: MovePass})
	s.must(t, 1, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{1, 2}, Shares: []int{3, 0}}})
	m := s.greedyStep(2)
	if m.Kind != MoveCounter || m.Regime.ShareOf(2) != 1 || m.Regime.ShareOf(1) != 2 {
		t.Fatalf("seat 2 (power 3 of 7, nothing offered) answers %v; want a counter asking 1 coin", m)
	}
	s.must(t, 2, m)
	if m := s.greedyStep(1); m.Kind != MoveAgree {
		t.Fatalf("seat 1 answers the fair counter with %v", m)
	}
	// A bot does not propose again terms refused this negotiation.
	s = negotiate(t)
	first := s.coalitionProposal(1, false)
	if first.Kind != MovePropose {
		t.Fatalf("seat 1 (4 against 5) does not win alone; it proposes, not %v", first)
	}
	s.refused = append(s.refused, *first.Regime)
	if again := s.coalitionProposal(1, false); again.Kind == MovePropose && s.wasRefused(*again.Regime) {
		t.Fatalf("seat 1 proposes refused terms again: %v", again)
	}
	// Bound by a pledge, a bot does not refuse: it counters or agrees.
	s = negotiate(t)
	s.p[3].Pledge = 0
	s.must(t, 0, Move{Kind: MovePropose, Regime: &Regime{Members: []rules.Seat{0, 3}, Shares: []int{3, 0}}})
	if m := s.greedyStep(3); m.Kind == MoveRefuse {
		t.Fatalf("a pledged bot refuses its holder's regime: %v", m)
	}
}

// TestForSeatHidesDrawsTakesAndCoins: a card drawn or taken and a coin earned are the
// taker's secret; a Spy's victim knows which of its cards went.
func TestForSeatHidesDrawsTakesAndCoins(t *testing.T) {
	s := table(t, 3)
	spy := s.hand(t, 0, Spy)
	coup := s.hand(t, 1, Coup)
	evs := s.must(t, 0, Move{Kind: MoveDraw})
	evs = append(evs, s.must(t, 0, Move{Kind: MovePlay, Card: spy, Target: 1})...)
	evs = append(evs, s.must(t, 0, Move{Kind: MoveTake, Take: Coup})...)
	seen := func(viewer rules.Seat, kind EventKind) Event {
		for _, e := range ForSeat(evs, viewer) {
			if e.Kind == kind {
				return e
			}
		}
		t.Fatalf("no %s event", kind)
		return Event{}
	}
	if e := seen(1, EvDraw); !e.Hidden || e.Card >= 0 {
		t.Fatalf("seat 1 sees seat 0's draw: %+v", e)
	}
	if e := seen(0, EvDraw); e.Hidden || e.Card < 0 {
		t.Fatalf("seat 0 does not see its own draw: %+v", e)
	}
	if e := seen(1, EvTake); e.Hidden || e.Card != coup {
		t.Fatalf("the Spy's victim does not see which card it lost: %+v", e)
	}
	if e := seen(2, EvTake); !e.Hidden || e.Card >= 0 {
		t.Fatalf("seat 2 sees the card the Spy took: %+v", e)
	}
	if e := seen(2, EvPlay); e.Hidden || e.Card != spy {
		t.Fatalf("a card played is public: %+v", e)
	}
	for _, kind := range []EventKind{EvDraw, EvTake} {
		if e := seen(rules.NoSeat, kind); !e.Hidden || e.Card >= 0 {
			t.Fatalf("a spectator (NoSeat, a hot-seat table under its curtain) sees a %s's card: %+v", kind, e)
		}
	}

	s = table(t, 3)
	s.build(t, 0, Palace)
	s.endTurns(t)
	evs = nil
	for s.step == StepPropose {
		evs = append(evs, s.must(t, s.ToAct(), Move{Kind: MovePass})...)
	}
	if e := seen(1, EvCoin); !e.Hidden || e.Coin >= 0 {
		t.Fatalf("seat 1 sees the coin seat 0 earned: %+v", e)
	}
	if e := seen(0, EvCoin); e.Hidden || e.Coin < 0 {
		t.Fatalf("seat 0 does not see the coin it earned: %+v", e)
	}
}
