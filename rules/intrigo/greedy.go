package intrigo

import (
	"context"
	"fmt"
	"reflect"

	"principe/rules"
)

// GreedyBot takes the highest bribes, offers small fixed bribes (GreedyBribe) and ignores promises: it
// makes none, counts none, and never pays one. Its generator breaks ties between equally good presentations.
type GreedyBot struct{ rng rules.RNG }

// GreedyBribe is the bribe the greedy bot offers; it takes a counter-price up to twice that.
const GreedyBribe = 1000

// Choose picks the greedy move.
func (b *GreedyBot) Choose(_ context.Context, o rules.Observation, legal []rules.Action) (rules.Action, error) {
	obs, ok := o.(*Observation)
	if !ok || len(legal) == 0 {
		return nil, fmt.Errorf("greedy: no legal move or not an Intrigo observation")
	}
	if m, ok := findLegal(legal, greedyMove(obs, legal, &b.rng)); ok {
		return m, nil
	}
	return legal[0], nil
}

// findLegal returns the legal move equal to want, if any.
func findLegal(legal []rules.Action, want Move) (rules.Action, bool) {
	for _, a := range legal {
		if m, ok := a.(Move); ok && reflect.DeepEqual(m, want) {
			return a, true
		}
	}
	return nil, false
}

func greedyMove(obs *Observation, legal []rules.Action, rng *rules.RNG) Move {
	t := &obs.Table
	me := obs.Viewer
	first, _ := legal[0].(Move)
	switch t.Step {
	case StepSettle:
		m := first
		m.Pay = false
		return m
	case StepPresent:
		return greedyPresent(t, me, rng)
	case StepChooseConflict:
		return first
	case StepPlace:
		return ownerPlace(t, paidBy(t))
	case StepAdmit:
		return ownerAdmit(t, paidBy(t))
	case StepDecide:
		return ownerDecide(t, paidBy(t))
	case StepNegotiate:
		n := t.Receive.Negotiation
		switch {
		case n.Countered:
			if price := t.Offers[n.Open].Counter; price <= 2*GreedyBribe && obs.Purse >= price {
				return simple(TakeCounter)
			}
			return simple(DeclineCounter)
		case n.Open >= 0:
			if t.Offers[n.Open].Bribe > 0 {
				return simple(Accept)
			}
			return simple(Refuse)
		}
		return greedyOffer(t, n)
	}
	return first
}

// greedyPresent sends an advisor where its type is neither employed nor already waiting (so it must be
// admitted), preferring the palace with the dearest free post; rng breaks ties.
func greedyPresent(t *Table, me rules.Seat, rng *rules.RNG) Move {
	var best []Move
	bestScore := -1
	for typ := AdvisorType(0); typ < Types; typ++ {
		if t.unplaced(me, typ) < 0 {
			continue
		}
		for d := 1; d < t.Players; d++ {
			palace := (me + rules.Seat(d)) % rules.Seat(t.Players)
			score := 0
			if t.employedPost(palace, typ) < 0 && !t.typeWaiting(palace, typ) {
				free := t.freePosts(palace)
				score = 1 + len(free)
				if len(free) > 0 {
					score += 10 * free[len(free)-1]
				}
			}
			m := Move{Kind: Present, Type: typ, Palace: palace, Post: -1, Advisor: -1, Promise: -1}
			switch {
			case score > bestScore:
				best, bestScore = []Move{m}, score
			case score == bestScore:
				best = append(best, m)
			}
		}
	}
	return best[rng.Intn(len(best))]
}

// typeWaiting reports whether an applicant of typ already waits at palace.
func (t *Table) typeWaiting(palace rules.Seat, typ AdvisorType) bool {
	for _, id := range t.Waiting[palace] {
		if t.Advisors[id].Type == typ {
			return true
		}
	}
	return false
}

func greedyOffer(t *Table, n *Negotiation) Move {
	sp := n.Speakers[n.Turn]
	m := simple(Offer)
	m.Bribe = GreedyBribe
	switch n.Stage {
	case StageFree, StageExternal:
		if n.Stage == StageFree || t.employedPost(t.Active, n.Type) < 0 {
			free := t.freePosts(t.Active)
			m.Post = free[len(free)-1]
		}
	case StageInternal:
		if sp.Favour == "" {
			return simple(Pass)
		}
		m.Favour = sp.Favour
	}
	return m
}

// paid is what each seat has paid the owner in the current negotiation, with what it asked for.
type paid struct {
	amount [MaxPlayers]int
	ask    [MaxPlayers]int // post asked (stage I: per advisor, see askFor)
	asks   map[int]int     // stage I: advisor -> post asked by a payer
}

func paidBy(t *Table) paid {
	var p paid
	p.asks = map[int]int{}
	for i := range p.ask {
		p.ask[i] = -1
	}
	serial := t.Receive.Negotiation.Serial
	for _, r := range t.Offers {
		if r.Negotiation != serial || r.Paid() == 0 {
			continue
		}
		p.amount[r.Speaker] += r.Paid()
		if r.Post >= 0 {
			p.ask[r.Speaker] = r.Post
			if r.Advisor >= 0 {
				p.asks[r.Advisor] = r.Post
			}
		}
	}
	return p
}

// ownerPlace places the best-paying applicant on the post it asked for if free, else the first applicant on
// the cheapest free post.
func ownerPlace(t *Table, p paid) Move {
	r := t.Receive
	best, bestPaid := -1, 0
	for _, id := range r.Free {
		if post, ok := p.asks[id]; ok && t.Palaces[t.Active][post] < 0 && p.amount[t.Advisors[id].Owner] > bestPaid {
			best, bestPaid = id, p.amount[t.Advisors[id].Owner]
		}
	}
	if best >= 0 {
		return Move{Kind: Place, Advisor: best, Post: p.asks[best], Palace: -1, Promise: -1}
	}
	return Move{Kind: Place, Advisor: r.Free[0], Post: t.freePosts(t.Active)[0], Palace: -1, Promise: -1}
}

// ownerAdmit admits the applicant of the seat that paid most (the earliest speaker on a tie), on the post
// it asked for if free, else the cheapest.
func ownerAdmit(t *Table, p paid) Move {
	n := t.Receive.Negotiation
	o := t.Active
	winner := -1
	for _, sp := range n.Speakers {
		if winner < 0 || p.amount[sp.Seat] > p.amount[t.Advisors[winner].Owner] {
			for _, id := range t.Waiting[o] {
				if t.Advisors[id].Owner == sp.Seat && t.Advisors[id].Type == n.Type {
					winner = id
					break
				}
			}
		}
	}
	m := Move{Kind: Admit, Advisor: winner, Post: -1, Palace: -1, Promise: -1}
	if t.employedPost(o, n.Type) < 0 {
		m.Post = t.freePosts(o)[0]
		if ask := p.ask[t.Advisors[winner].Owner]; ask >= 0 && p.amount[t.Advisors[winner].Owner] > 0 {
			m.Post = ask
		}
	}
	return m
}

// ownerDecide replaces when the challenger's owner paid more than the employed advisor's owner.
func ownerDecide(t *Table, p paid) Move {
	n := t.Receive.Negotiation
	c := t.Advisors[t.Receive.Challenger[n.Post]]
	e := t.Advisors[t.Palaces[t.Active][n.Post]]
	m := simple(Decide)
	m.Replace = p.amount[c.Owner] > p.amount[e.Owner]
	return m
}
