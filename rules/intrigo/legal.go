package intrigo

import (
	"principe/rules"
)

// BribeLadder are the bribes Legal lists (those within the payer's purse). Apply accepts any multiple of
// 1,000 up to the purse; the ladder only keeps the list of legal moves short.
var BribeLadder = []int{0, 1000, 2000, 3000, 4000, 5000, 6000, 8000, 10000, 12000, 15000, 20000}

// CounterPrices are the counter-prices Legal lists (those above the bribe offered). Apply accepts any
// multiple of 1,000 above the offer.
var CounterPrices = []int{1000, 2000, 3000, 4000, 5000, 6000, 8000, 10000, 12000, 15000, 20000, 25000, 30000}

// PromiseMenu are the structured promises Legal lists, one per offer. Apply accepts up to
// MaxPromisesPerOffer of any kind, free text included.
var PromiseMenu = []Terms{
	{Kind: PromisePost, Post: 1},
	{Kind: PromisePost, Post: 2},
	{Kind: PromisePost, Post: 3},
	{Kind: PromisePayment, Post: -1, Amount: 2000},
	{Kind: PromisePayment, Post: -1, Amount: 5000},
	{Kind: PromiseSpare, Post: -1},
}

// Legal lists the moves seat may make now (nil if it may not act).
func (s *State) Legal(seat rules.Seat) []rules.Action {
	t := &s.Table
	if s.Over() || seat != s.ToAct() {
		return nil
	}
	var out []rules.Action
	add := func(m Move) { out = append(out, m) }
	o := t.Active
	switch t.Step {
	case StepSettle:
		for _, id := range t.Due {
			if s.Purses[seat] >= t.Ledger[id].Amount {
				add(Move{Kind: Settle, Promise: id, Pay: true, Post: -1, Advisor: -1, Palace: -1})
			}
			add(Move{Kind: Settle, Promise: id, Post: -1, Advisor: -1, Palace: -1})
		}
	case StepPlace:
		for _, id := range t.Receive.Free {
			for _, p := range t.freePosts(o) {
				add(Move{Kind: Place, Advisor: id, Post: p, Palace: -1, Promise: -1})
			}
		}
	case StepChooseConflict:
		for _, typ := range t.Receive.External {
			add(Move{Kind: ChooseConflict, Type: typ, Post: -1, Advisor: -1, Palace: -1, Promise: -1})
		}
	case StepAdmit:
		typ := t.Receive.Negotiation.Type
		posts := t.freePosts(o)
		if t.employedPost(o, typ) >= 0 {
			posts = []int{-1}
		}
		for _, id := range t.Waiting[o] {
			if t.Advisors[id].Type == typ {
				for _, p := range posts {
					add(Move{Kind: Admit, Advisor: id, Post: p, Palace: -1, Promise: -1})
				}
			}
		}
	case StepDecide:
		add(Move{Kind: Decide, Post: -1, Advisor: -1, Palace: -1, Promise: -1})
		add(Move{Kind: Decide, Replace: true, Post: -1, Advisor: -1, Palace: -1, Promise: -1})
	case StepPresent:
		for typ := AdvisorType(0); typ < Types; typ++ {
			if t.unplaced(seat, typ) < 0 {
				continue
			}
			for d := 1; d < t.Players; d++ {
				palace := (seat + rules.Seat(d)) % rules.Seat(t.Players)
				add(Move{Kind: Present, Type: typ, Palace: palace, Post: -1, Advisor: -1, Promise: -1})
			}
		}
	case StepNegotiate:
		out = s.legalNegotiation(seat)
	}
	return out
}

func (t *Table) freePosts(palace rules.Seat) []int {
	var out []int
	for p, id := range t.Palaces[palace] {
		if id < 0 {
			out = append(out, p)
		}
	}
	return out
}

func (s *State) legalNegotiation(seat rules.Seat) []rules.Action {
	t := &s.Table
	n := t.Receive.Negotiation
	var out []rules.Action
	add := func(m Move) { out = append(out, m) }
	switch {
	case n.Countered:
		if s.Purses[seat] >= t.Offers[n.Open].Counter {
			add(simple(TakeCounter))
		}
		add(simple(DeclineCounter))
		return out
	case n.Open >= 0:
		add(simple(Accept))
		add(simple(Refuse))
		for _, price := range CounterPrices {
			if price > t.Offers[n.Open].Bribe {
				m := simple(Counter)
				m.Price = price
				add(m)
			}
		}
		return out
	}
	add(simple(Pass))
	o := t.Active
	asks := []int{-1}
	if n.Stage == StageFree || (n.Stage == StageExternal && t.employedPost(o, n.Type) < 0) {
		asks = append(asks, t.freePosts(o)...)
	}
	favours := []Favour{""}
	if n.Stage == StageInternal {
		favours = []Favour{n.Speakers[n.Turn].Favour}
		if favours[0] == "" {
			favours = []Favour{FavourKeep, FavourReplace}
		}
	}
	var bribes []int
	purse := s.Purses[seat]
	for _, b := range BribeLadder {
		if b <= purse || (purse == 0 && b == BankBribe) {
			bribes = append(bribes, b)
		}
	}
	var menu []Terms
	for _, terms := range PromiseMenu {
		if t.CanComeDue(seat, terms) == nil {
			menu = append(menu, terms)
		}
	}
	for _, ask := range asks {
		for _, f := range favours {
			offer := simple(Offer)
			offer.Post, offer.Favour = ask, f
			for _, b := range bribes {
				if b == 0 && ask < 0 && n.Stage != StageInternal {
					continue
				}
				m := offer
				m.Bribe = b
				add(m)
			}
			for _, terms := range menu {
				for _, b := range bribes[:min(2, len(bribes))] {
					m := offer
					m.Bribe = b
					m.Promises = []Terms{terms}
					add(m)
				}
			}
		}
	}
	return out
}
