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

// Observation is what one seat may know: the table, its own Reserve and coin values,
// the sizes of the others' Reserves and treasures.
type Observation struct {
	Me           rules.Seat   `json:"me"`
	Players      int          `json:"players"`
	Round        int          `json:"round"`
	First        rules.Seat   `json:"first"`
	TurnsTaken   int          `json:"turnsTaken"`
	Step         Step         `json:"step"`
	Seq          int          `json:"seq"`
	Turn         TurnView     `json:"turn"`
	Market       int          `json:"market"`
	Emptied      bool         `json:"emptied"`
	Bag          int          `json:"bag"`
	Reserve      []CardID     `json:"reserve"`
	ReserveSizes []int        `json:"reserveSizes"`
	Cities       [][]Placed   `json:"cities"`
	Cemeteries   [][]CardID   `json:"cemeteries"`
	Coins        []CoinID     `json:"coins"` // own coins; CoinValue gives their values
	CoinCounts   []int        `json:"coinCounts"`
	Revealed     []int        `json:"revealed,omitempty"`  // every treasure's value, once the game is over
	Treasures    [][]CoinID   `json:"treasures,omitempty"` // every treasure's coins, once the game is over
	Pledges      []rules.Seat `json:"pledges"`

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
	Offer          *Offer       `json:"offer,omitempty"`  // coins named only for the offerer
	OfferCoins     int          `json:"offerCoins"`
	Promises       []Promise    `json:"promises,omitempty"`

	Hospitals []HospitalTurn `json:"hospitals,omitempty"`
	Power     []int          `json:"power,omitempty"`
	Proposers []rules.Seat   `json:"proposers,omitempty"`
	Proposal  *Regime        `json:"proposal,omitempty"`
	Voters    []rules.Seat   `json:"voters,omitempty"`
	Regimes   []Regime       `json:"regimes,omitempty"`
	RegimeOf  []int          `json:"regimeOf"`
	Winners   []rules.Seat   `json:"winners,omitempty"`
}

// Seat is the observing seat.
func (o *Observation) Seat() rules.Seat { return o.Me }

// Observe returns what seat may know.
func (s *State) Observe(seat rules.Seat) rules.Observation { return s.observe(seat) }

func (s *State) observe(seat rules.Seat) *Observation {
	o := &Observation{
		Me: seat, Players: s.n, Round: s.round, First: s.first, TurnsTaken: s.turns, Step: s.step, Seq: s.seq,
		Turn:   TurnView(s.t),
		Market: len(s.market), Emptied: s.emptied, Bag: len(s.bag),
		AttackTarget: s.attackTarget, WoundsLeft: s.woundsLeft, Spread: s.spread,
		Attacked:   append([]bool(nil), s.attacked...),
		PlayTarget: s.playTarget, PlayTargetCard: s.playTargetCrd,
		TraitorAsk: append([]rules.Seat(nil), s.traitorAsk...),
		PickFrom:   s.pickFrom,
		Promises:   append([]Promise(nil), s.promises...),
		Power:      append([]int(nil), s.power...),
		Proposers:  append([]rules.Seat(nil), s.proposers...),
		Voters:     append([]rules.Seat(nil), s.voters...),
		RegimeOf:   append([]int(nil), s.regimeOf...),
		Winners:    append([]rules.Seat(nil), s.winners...),
	}
	if s.validSeat(seat) {
		o.Reserve = append([]CardID(nil), s.p[seat].Reserve...)
		o.Coins = append([]CoinID(nil), s.p[seat].Coins...)
	}
	for i, p := range s.p {
		o.ReserveSizes = append(o.ReserveSizes, len(p.Reserve))
		o.Cities = append(o.Cities, append([]Placed(nil), p.City...))
		o.Cemeteries = append(o.Cemeteries, append([]CardID(nil), p.Cemetery...))
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
		o.Offer = s.publicOffer()
		o.OfferCoins = len(s.offer.GiveCoins)
		if seat == s.offer.From {
			o.Offer.GiveCoins = append([]CoinID(nil), s.offer.GiveCoins...)
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
		t: turn(o.Turn), emptied: o.Emptied,
		attackTarget: o.AttackTarget, woundsLeft: o.WoundsLeft, spread: o.Spread,
		attacked:   append([]bool(nil), o.Attacked...),
		playTarget: o.PlayTarget, playTargetCrd: o.PlayTargetCard,
		traitorAsk: append([]rules.Seat(nil), o.TraitorAsk...),
		pickFrom:   o.PickFrom,
		promises:   append([]Promise(nil), o.Promises...),
		power:      append([]int(nil), o.Power...),
		proposers:  append([]rules.Seat(nil), o.Proposers...),
		voters:     append([]rules.Seat(nil), o.Voters...),
		regimeOf:   append([]int(nil), o.RegimeOf...),
		winners:    append([]rules.Seat(nil), o.Winners...),
		rng:        rng.Split(),
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
	for _, r := range o.Regimes {
		s.regimes = append(s.regimes, cloneRegime(r))
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
	if o.Playing != nil {
		mark([]CardID{o.Playing.Card})
	}
	s.p = make([]player, n)
	for i := range s.p {
		for _, pl := range o.Cities[i] {
			mark([]CardID{pl.Card})
		}
		mark(o.Cemeteries[i])
		s.p[i].City = append([]Placed(nil), o.Cities[i]...)
		s.p[i].Cemetery = append([]CardID(nil), o.Cemeteries[i]...)
		s.p[i].Pledge = o.Pledges[i]
	}
	var offered []CardID
	if o.Offer != nil {
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
	browsingMarket := o.Browse != nil && o.PickFrom == rules.NoSeat
	for i := range s.p {
		switch {
		case rules.Seat(i) == o.Me:
			s.p[i].Reserve = append([]CardID(nil), o.Reserve...)
		case o.Browse != nil && rules.Seat(i) == o.PickFrom:
			s.p[i].Reserve = append([]CardID(nil), o.Browse...)
		case o.Offer != nil && rules.Seat(i) == o.Offer.From:
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
