package intrigo

import (
	"context"
	"fmt"
	"reflect"

	"principe/rules"
)

// GreedyBot prices every negotiation by its stake alone and reads nothing else from the record: it
// makes, counts and pays no promises, and does not remember who kept deals. Its generator breaks ties
// between equally good presentations.
//
// The stake of a say is what its applicant's owner gains, in collections to come (see stake): the
// difference between the post asked for and the cheapest free post (stage I), a post rather than the
// island (stage II), or the post at stake (stage III). As a speaker it offers an eighth of its stake
// (never more than a third of its purse) and takes a counter-price up to a third of it; as the owner it
// accepts an offer paying at least an eighth of the speaker's stake and counters a cheaper one at a
// quarter of it (a gift, asking nothing, is always accepted).
type GreedyBot struct{ rng rules.RNG }

// The greedy bot's prices, as fractions of a stake.
const (
	greedyBid     = 8 // it offers stake/8 and accepts offers of at least stake/8
	greedyCounter = 4 // it counters a cheaper offer at stake/4
	greedyTake    = 3 // it takes a counter-price up to stake/3
)

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
			r := t.Offers[n.Open]
			if r.Counter <= obs.Purse && r.Counter*greedyTake <= stake(t, n, r.Speaker, r.Post) {
				return simple(TakeCounter)
			}
			return simple(DeclineCounter)
		case n.Open >= 0:
			return greedyAnswer(t, n)
		}
		return greedyOffer(t, n, obs.Purse)
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

// greedyOffer asks for the dearest free post (stages I and II) or backs its side (stage III), with a
// bribe of an eighth of the stake; it passes when there is nothing worth paying for.
func greedyOffer(t *Table, n *Negotiation, purse int) Move {
	sp := n.Speakers[n.Turn]
	m := simple(Offer)
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
	bid := ladderBelow(stake(t, n, sp.Seat, m.Post)/greedyBid, purse/3)
	if purse == 0 {
		bid = BankBribe
	}
	if bid == 0 {
		return simple(Pass)
	}
	m.Bribe = bid
	return m
}

// greedyAnswer accepts an offer worth its price (or a gift asking nothing) and counters a cheaper one.
func greedyAnswer(t *Table, n *Negotiation) Move {
	r := t.Offers[n.Open]
	st := stake(t, n, r.Speaker, r.Post)
	if (r.Post < 0 && n.Stage == StageFree) || r.Bribe*greedyBid >= st {
		if r.Bribe > 0 {
			return simple(Accept)
		}
		return simple(Refuse)
	}
	for _, price := range CounterPrices {
		if price > r.Bribe && price*greedyCounter >= st {
			m := simple(Counter)
			m.Price = price
			return m
		}
	}
	return simple(Accept)
}

// stake is what seat's applicant gains from the negotiation n, in ducats over the collections its owner
// has still to come: stage I, the post asked for rather than the cheapest free one; stage II, a post
// (the one asked for, else the cheapest free, else the employed one it would contest) rather than the
// island; stage III, the post at stake.
func stake(t *Table, n *Negotiation, seat rules.Seat, ask int) int {
	o := t.Active
	free := t.freePosts(o)
	gain := 0
	switch n.Stage {
	case StageFree:
		if ask >= 0 && len(free) > 0 {
			gain = PostValue[ask] - PostValue[free[0]]
		}
	case StageExternal:
		switch post := t.employedPost(o, n.Type); {
		case ask >= 0:
			gain = PostValue[ask]
		case post >= 0:
			gain = PostValue[post]
		case len(free) > 0:
			gain = PostValue[free[0]]
		}
	case StageInternal:
		gain = PostValue[n.Post]
	}
	return gain * t.RemainingCollections(seat)
}

// ladderBelow is the largest bribe on the ladder at most amount and at most limit.
func ladderBelow(amount, limit int) int {
	best := 0
	for _, b := range BribeLadder {
		if b <= amount && b <= limit {
			best = b
		}
	}
	return best
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
