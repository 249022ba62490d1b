package makiavelia

import (
	"sort"

	"principe/rules"
)

// TurnView is the public count of the active player's actions this turn.
type TurnView struct {
	Seat         rules.Seat     `json:"seat"`
	UsedDraw     bool           `json:"usedDraw"`
	UsedPlay     bool           `json:"usedPlay"`
	UsedAttack   bool           `json:"usedAttack"`
	ExtraDraws   int            `json:"extraDraws"`
	ExtraPlays   int            `json:"extraPlays"`
	ExtraAttacks int            `json:"extraAttacks"`
	OfferedTo    [maxSeats]bool `json:"offeredTo"`  // the players offered a trade this turn
	PromisedTo   [maxSeats]bool `json:"promisedTo"` // the players promised something this turn
}

// HospitalTurn is a Hospital owner still to decide, with the Hospital.
type HospitalTurn struct {
	Seat rules.Seat `json:"seat"`
	Card CardID     `json:"card"`
}

// Observation is what one seat may know: the table, its own Reserve, Cemetery and coin
// values, the sizes of the others' Reserves, Cemeteries and treasures, and the terms of
// a trade offer only if it is one of the two parties.
type Observation struct {
	Me           rules.Seat `json:"me"`
	Players      int        `json:"players"`
	Round        int        `json:"round"`
	First        rules.Seat `json:"first"`
	TurnsTaken   int        `json:"turnsTaken"`
	Step         Step       `json:"step"`
	Seq          int        `json:"seq"`
	Turn         TurnView   `json:"turn"`
	Market       int        `json:"market"`
	Emptied      bool       `json:"emptied"`
	Capped       bool       `json:"capped,omitempty"` // the game stopped at the round cap (MaxRounds)
	Bag          int        `json:"bag"`
	Reserve      []CardID   `json:"reserve"`
	ReserveSizes []int      `json:"reserveSizes"`
	Cities       [][]Placed `json:"cities"`
	// Cemeteries are face down: only the observer's own is listed (the others are nil);
	// CemeterySizes counts every one.
	Cemeteries    [][]CardID `json:"cemeteries"`
	CemeterySizes []int      `json:"cemeterySizes"`
	// MemorialArmies is, for each seat with a Memorial of its own in play, the number of
	// armies in its Cemetery (what the Memorial adds to its strength); 0 for the others.
	MemorialArmies []int        `json:"memorialArmies"`
	Coins          []CoinID     `json:"coins"` // own coins; CoinValue gives their values
	CoinCounts     []int        `json:"coinCounts"`
	Revealed       []int        `json:"revealed,omitempty"`  // every treasure's value, once the game is over
	Treasures      [][]CoinID   `json:"treasures,omitempty"` // every treasure's coins, once the game is over
	Pledges        []rules.Seat `json:"pledges"`

	AttackTarget   rules.Seat   `json:"attackTarget"`
	WoundsLeft     int          `json:"woundsLeft"`
	Spread         bool         `json:"spread"`
	Attacked       []bool       `json:"attacked,omitempty"`
	Playing        *Placed      `json:"playing,omitempty"`
	PlayTarget     rules.Seat   `json:"playTarget"`
	PlayTargetCard CardID       `json:"playTargetCard"`
	TraitorAsk     []rules.Seat `json:"traitorAsk,omitempty"`
	PickFrom       rules.Seat   `json:"pickFrom"`
	Browse         []CardID     `json:"browse,omitempty"` // the cards this seat is taking from, sorted
	// Offer is the trade offer waiting for an answer. The two parties see its terms
	// (the coins named only for the offerer, counted in OfferCoins for the other); the
	// rest of the table sees only From and To, with OfferHidden set.
	Offer       *Offer    `json:"offer,omitempty"`
	OfferCoins  int       `json:"offerCoins"`
	OfferHidden bool      `json:"offerHidden,omitempty"`
	Promises    []Promise `json:"promises,omitempty"` // spoken ones, and the words of the observer's own accepted trades

	Hospitals []HospitalTurn `json:"hospitals,omitempty"`
	Power     []int          `json:"power,omitempty"`
	// The regime negotiation: Speaker has the word (to propose or pass; while terms are
	// answered, the one who opened them), Proposers are the free players in speaking
	// order from the Speaker, Proposal the terms on the table put there by ProposedBy,
	// Voters the members still to answer them in order, Passes the free players who have
	// passed in a row since the last change (the negotiation ends when every free player
	// has), TermsLeft the proposals and counters each seat may still make.
	Speaker    rules.Seat   `json:"speaker"`
	Proposers  []rules.Seat `json:"proposers,omitempty"`
	Proposal   *Regime      `json:"proposal,omitempty"`
	ProposedBy rules.Seat   `json:"proposedBy"`
	Voters     []rules.Seat `json:"voters,omitempty"`
	Passes     int          `json:"passes"`
	TermsLeft  []int        `json:"termsLeft,omitempty"`
	Refused    []Regime     `json:"refused,omitempty"` // the terms refused this negotiation, in order
	Regimes    []Regime     `json:"regimes,omitempty"`
	RegimeOf   []int        `json:"regimeOf"`
	Winners    []rules.Seat `json:"winners,omitempty"`
}

// Seat is the observing seat.
func (o *Observation) Seat() rules.Seat { return o.Me }

// Observe returns what seat may know.
func (s *State) Observe(seat rules.Seat) rules.Observation { return s.observe(seat) }

func (s *State) observe(seat rules.Seat) *Observation {
	o := &Observation{
		Me: seat, Players: s.n, Round: s.round, First: s.first, TurnsTaken: s.turns, Step: s.step, Seq: s.seq,
		Turn:   TurnView(s.t),
		Market: len(s.market), Emptied: s.emptied, Capped: s.capped, Bag: len(s.bag),
		AttackTarget: s.attackTarget, WoundsLeft: s.woundsLeft, Spread: s.spread,
		Attacked:   append([]bool(nil), s.attacked...),
		PlayTarget: s.playTarget, PlayTargetCard: s.playTargetCrd,
		TraitorAsk: append([]rules.Seat(nil), s.traitorAsk...),
		PickFrom:   s.pickFrom,
		Power:      append([]int(nil), s.power...),
		Speaker:    s.speaker, ProposedBy: s.author, Passes: s.passes,
		Voters:   append([]rules.Seat(nil), s.voters...),
		RegimeOf: append([]int(nil), s.regimeOf...),
		Winners:  append([]rules.Seat(nil), s.winners...),
	}
	if s.validSeat(seat) {
		o.Reserve = append([]CardID(nil), s.p[seat].Reserve...)
		o.Coins = append([]CoinID(nil), s.p[seat].Coins...)
	}
	for i, p := range s.p {
		o.ReserveSizes = append(o.ReserveSizes, len(p.Reserve))
		o.Cities = append(o.Cities, append([]Placed(nil), p.City...))
		var cem []CardID
		if rules.Seat(i) == seat {
			cem = append([]CardID(nil), p.Cemetery...)
		}
		o.Cemeteries = append(o.Cemeteries, cem)
		o.CemeterySizes = append(o.CemeterySizes, len(p.Cemetery))
		armies := 0
		if s.countIn(rules.Seat(i), Memorial, true) > 0 {
			armies = s.cemeteryArmies(rules.Seat(i))
		}
		o.MemorialArmies = append(o.MemorialArmies, armies)
		o.CoinCounts = append(o.CoinCounts, len(p.Coins))
		o.Pledges = append(o.Pledges, p.Pledge)
		if s.step == StepOver {
			o.Revealed = append(o.Revealed, s.treasure(rules.Seat(i)))
			o.Treasures = append(o.Treasures, append([]CoinID(nil), p.Coins...))
		}
	}
	if s.step == StepTraitor {
		pl := s.playing
		o.Playing = &pl
	}
	if s.step == StepPick && seat == s.t.Seat {
		o.Browse = append([]CardID(nil), s.pickPool()...)
		sort.Slice(o.Browse, func(a, b int) bool { return o.Browse[a] < o.Browse[b] })
	}
	if s.offer != nil {
		switch seat {
		case s.offer.From:
			o.Offer = s.partyOffer()
			o.Offer.GiveCoins = append([]CoinID(nil), s.offer.GiveCoins...)
			o.OfferCoins = len(s.offer.GiveCoins)
		case s.offer.To:
			o.Offer = s.partyOffer()
			o.OfferCoins = len(s.offer.GiveCoins)
		default:
			o.Offer, o.OfferHidden = &Offer{From: s.offer.From, To: s.offer.To}, true
		}
	}
	for _, p := range s.promises {
		if !p.Private || seat == p.From || seat == p.To {
			o.Promises = append(o.Promises, p)
		}
	}
	if s.terms != nil {
		for _, q := range s.clockwise(s.speaker) {
			if s.regimeOf[q] < 0 {
				o.Proposers = append(o.Proposers, q)
			}
		}
		for i := range s.terms {
			o.TermsLeft = append(o.TermsLeft, s.TermsLeft(rules.Seat(i)))
		}
	}
	for _, h := range s.hospitals {
		o.Hospitals = append(o.Hospitals, HospitalTurn(h))
	}
	if s.proposal != nil {
		r := cloneRegime(*s.proposal)
		o.Proposal = &r
	}
	for _, r := range s.regimes {
		o.Regimes = append(o.Regimes, cloneRegime(r))
	}
	for _, r := range s.refused {
		o.Refused = append(o.Refused, cloneRegime(r))
	}
	return o
}

// Resample redeals everything seat cannot see.
func (s *State) Resample(seat rules.Seat, rng *rules.RNG) rules.State {
	if s.step == StepOver {
		return s.clone() // everything is revealed
	}
	return s.observe(seat).sample(rng)
}

// Sample builds a full state consistent with the observation, dealing the unseen
// cards (other Reserves, the Market order) and coin values at random from rng.
func (o *Observation) Sample(rng *rules.RNG) rules.State { return o.sample(rng) }

func (o *Observation) sample(rng *rules.RNG) *State {
	n := o.Players
	s := &State{
		n: n, round: o.Round, first: o.First, turns: o.TurnsTaken, step: o.Step, seq: o.Seq,
		t: turn(o.Turn), emptied: o.Emptied, capped: o.Capped,
		attackTarget: o.AttackTarget, woundsLeft: o.WoundsLeft, spread: o.Spread,
		attacked:   append([]bool(nil), o.Attacked...),
		playTarget: o.PlayTarget, playTargetCrd: o.PlayTargetCard,
		traitorAsk: append([]rules.Seat(nil), o.TraitorAsk...),
		pickFrom:   o.PickFrom,
		promises:   append([]Promise(nil), o.Promises...),
		power:      append([]int(nil), o.Power...),
		speaker:    o.Speaker, author: o.ProposedBy, passes: o.Passes,
		voters:   append([]rules.Seat(nil), o.Voters...),
		regimeOf: append([]int(nil), o.RegimeOf...),
		winners:  append([]rules.Seat(nil), o.Winners...),
		rng:      rng.Split(),
	}
	if o.Playing != nil {
		s.playing = *o.Playing
	}
	for _, h := range o.Hospitals {
		s.hospitals = append(s.hospitals, hospitalTurn(h))
	}
	if o.Proposal != nil {
		r := cloneRegime(*o.Proposal)
		s.proposal = &r
	}
	if o.TermsLeft != nil {
		s.terms = make([]int, n)
		for i, left := range o.TermsLeft {
			s.terms[i] = MaxTerms - left
		}
	}
	for _, r := range o.Regimes {
		s.regimes = append(s.regimes, cloneRegime(r))
	}
	for _, r := range o.Refused {
		s.refused = append(s.refused, cloneRegime(r))
	}

	// Cards: everything not seen is dealt at random.
	known := make([]bool, SetSize())
	mark := func(cs []CardID) {
		for _, c := range cs {
			if validCard(c) {
				known[c] = true
			}
		}
	}
	mark(o.Reserve)
	mark(o.Browse)
	if o.validSeat(o.Me) {
		mark(o.Cemeteries[o.Me])
	}
	if o.Playing != nil {
		mark([]CardID{o.Playing.Card})
	}
	s.p = make([]player, n)
	for i := range s.p {
		for _, pl := range o.Cities[i] {
			mark([]CardID{pl.Card})
		}
		s.p[i].City = append([]Placed(nil), o.Cities[i]...)
		s.p[i].Pledge = o.Pledges[i]
	}
	var offered []CardID
	if o.Offer != nil && !o.OfferHidden {
		offered = o.Offer.GiveCards
		mark(offered)
	}
	var unseen []CardID
	for c, k := range known {
		if !k {
			unseen = append(unseen, CardID(c))
		}
	}
	rules.Shuffle(rng, unseen)
	deal := func(k int) []CardID {
		k = min(k, len(unseen))
		out := append([]CardID(nil), unseen[:k]...)
		unseen = unseen[k:]
		return out
	}
	// dealArmies deals a armies and b other cards (a Memorial's Cemetery).
	dealArmies := func(a, b int) []CardID {
		var out, rest []CardID
		for _, c := range unseen {
			isArmy := Cards[KindOf(c)].Type == Army
			switch {
			case isArmy && a > 0:
				out, a = append(out, c), a-1
			case !isArmy && b > 0:
				out, b = append(out, c), b-1
			default:
				rest = append(rest, c)
			}
		}
		unseen = rest
		return out
	}
	// Face-down Cemeteries first: those a Memorial counts keep their number of armies.
	for i := range s.p {
		if rules.Seat(i) == o.Me {
			s.p[i].Cemetery = append([]CardID(nil), o.Cemeteries[i]...)
		} else if o.hasMemorial(rules.Seat(i)) {
			a := o.MemorialArmies[i]
			s.p[i].Cemetery = dealArmies(a, o.CemeterySizes[i]-a)
		}
	}
	for i := range s.p {
		if rules.Seat(i) != o.Me && !o.hasMemorial(rules.Seat(i)) {
			s.p[i].Cemetery = deal(o.CemeterySizes[i])
		}
	}
	browsingMarket := o.Browse != nil && o.PickFrom == rules.NoSeat
	for i := range s.p {
		switch {
		case rules.Seat(i) == o.Me:
			s.p[i].Reserve = append([]CardID(nil), o.Reserve...)
		case o.Browse != nil && rules.Seat(i) == o.PickFrom:
			s.p[i].Reserve = append([]CardID(nil), o.Browse...)
		case offered != nil && rules.Seat(i) == o.Offer.From:
			s.p[i].Reserve = append(append([]CardID(nil), offered...), deal(o.ReserveSizes[i]-len(offered))...)
		default:
			s.p[i].Reserve = deal(o.ReserveSizes[i])
		}
	}
	if browsingMarket {
		s.market = append([]CardID(nil), o.Browse...)
		rules.Shuffle(&s.rng, s.market)
	} else {
		s.market = deal(o.Market)
	}

	// Coins: own coins are known; the rest are dealt by count.
	mine := make([]bool, len(coinValues))
	for _, c := range o.Coins {
		if validCoin(c) {
			mine[c] = true
		}
	}
	var pool []CoinID
	for c, m := range mine {
		if !m {
			pool = append(pool, CoinID(c))
		}
	}
	rules.Shuffle(rng, pool)
	if o.Treasures != nil { // the game is over: every coin is revealed
		for _, t := range o.Treasures {
			for _, c := range t {
				if validCoin(c) {
					mine[c] = true
				}
			}
		}
		pool = pool[:0]
		for c, m := range mine {
			if !m {
				pool = append(pool, CoinID(c))
			}
		}
	}
	for i := range s.p {
		if rules.Seat(i) == o.Me {
			s.p[i].Coins = append([]CoinID(nil), o.Coins...)
			continue
		}
		if o.Treasures != nil {
			s.p[i].Coins = append([]CoinID(nil), o.Treasures[i]...)
			continue
		}
		k := min(o.CoinCounts[i], len(pool))
		s.p[i].Coins = append([]CoinID(nil), pool[:k]...)
		pool = pool[k:]
	}
	s.bag = pool
	if o.Offer != nil {
		off := *o.Offer
		off.GiveCards = append([]CardID(nil), o.Offer.GiveCards...)
		if o.Me == off.From {
			off.GiveCoins = append([]CoinID(nil), o.Offer.GiveCoins...)
		} else {
			off.GiveCoins = append([]CoinID(nil), s.p[off.From].Coins[:min(o.OfferCoins, len(s.p[off.From].Coins))]...)
		}
		s.offer = &off
	}
	return s
}

func (o *Observation) validSeat(q rules.Seat) bool { return q >= 0 && int(q) < o.Players }

// hasMemorial says whether q has a Memorial of its own in play.
func (o *Observation) hasMemorial(q rules.Seat) bool {
	for _, pl := range o.Cities[q] {
		if KindOf(pl.Card) == Memorial && pl.By == q {
			return true
		}
	}
	return false
}

// Strength is a card's strength now: its printed strength, and for a Memorial one more
// for each army in its owner's Cemetery (MemorialArmies).
func (o *Observation) Strength(pl Placed) int {
	k := KindOf(pl.Card)
	st := Cards[k].Strength
	if k == Memorial && o.validSeat(pl.By) {
		st += o.MemorialArmies[pl.By]
	}
	return st
}
