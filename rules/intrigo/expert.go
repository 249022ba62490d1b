package intrigo

import (
	"context"
	"fmt"

	"principe/rules"
)

// ExpertBot plays from values: a post is worth what it will earn over the collections still to come. It
// bids and asks bribes from those values and from the purses it reconstructs from public payments, keeps
// a promise (or a deal it accepted) when its reputation is worth more than the breach gains, and trusts
// another seat's deals and promises in proportion to that seat's record. Its generator chooses among
// presentations of nearly equal value.
type ExpertBot struct{ rng rules.RNG }

// RepValuePerTurn is what the expert reckons its clean record is worth for each turn it still has to
// receive applicants: the bribes that trusting players will still bring.
const RepValuePerTurn = 6000

// Choose picks the expert's move.
func (b *ExpertBot) Choose(_ context.Context, o rules.Observation, legal []rules.Action) (rules.Action, error) {
	obs, ok := o.(*Observation)
	if !ok || len(legal) == 0 {
		return nil, fmt.Errorf("expert: no legal move or not an Intrigo observation")
	}
	x := newExpertView(obs, &b.rng)
	if m, ok := findLegal(legal, x.move(legal)); ok {
		return m, nil
	}
	// The wanted move may carry an amount off the ladder of legal moves; it is still legal to Apply,
	// but a bot returns one of legal: take the nearest listed move of the same kind.
	return legal[0], nil
}

// expertView is what the expert works out from one observation.
type expertView struct {
	obs    *Observation
	t      *Table
	me     rules.Seat
	purses []int
	rng    *rules.RNG
	// weight[j] is how much a ducat earned by opponent j costs the expert, relative to a ducat of its own:
	// about 1/(players-1), more for the leaders.
	weight []float64
}

func newExpertView(obs *Observation, rng *rules.RNG) *expertView {
	t := &obs.Table
	x := &expertView{obs: obs, t: t, me: obs.Viewer, purses: obs.Purses(), rng: rng}
	x.purses[x.me] = obs.Purse
	standing := make([]float64, t.Players)
	total := 0.0
	for j := range standing {
		standing[j] = float64(x.purses[j] + x.projected(rules.Seat(j)))
		if rules.Seat(j) != x.me {
			total += standing[j]
		}
	}
	x.weight = make([]float64, t.Players)
	opponents := float64(t.Players - 1)
	for j := range standing {
		if rules.Seat(j) == x.me || total <= 0 {
			continue
		}
		// Average weight 1/opponents, tilted towards richer opponents.
		x.weight[j] = (0.5 + 0.5*standing[j]*opponents/total) / opponents
	}
	return x
}

// projected is what seat's placed advisors will still earn if nobody expels them.
func (x *expertView) projected(seat rules.Seat) int {
	sum := 0
	for _, a := range x.t.Advisors {
		if a.Owner == seat && a.Where == Placed {
			sum += PostValue[a.Post] * x.t.RemainingCollections(seat)
		}
	}
	return sum
}

// earn is what a post of value v is worth to seat over its remaining collections.
func (x *expertView) earn(seat rules.Seat, v int) float64 {
	return float64(v * x.t.RemainingCollections(seat))
}

// trust is the chance that seat keeps its deals and promises: its record, smoothed.
func (x *expertView) trust(seat rules.Seat) float64 {
	r := x.t.Reputation(seat)
	return float64(r.Kept+2) / float64(r.Kept+r.Broken+2)
}

// delivery is the chance that owner gives a paying seat what it paid for at this stage: the share of its
// deals of the stage (stage I apart, conflicts together; for an asked post, deals for that post or a dearer
// one) that it kept, smoothed.
func (x *expertView) delivery(owner rules.Seat, stage Stage, ask int) float64 {
	kept, judged := 0, 0
	for _, p := range x.t.Ledger {
		if p.Kind != PromiseDeal || p.Promiser != owner || p.Status == Pending ||
			(p.Stage == StageFree) != (stage == StageFree) || p.Post < ask {
			continue
		}
		judged++
		if p.Status == Kept {
			kept++
		}
	}
	return float64(kept+2) / float64(judged+2)
}

// repWorth is what the expert's record is worth for the rest of the game.
func (x *expertView) repWorth() float64 {
	turns := TurnsPerPlayer - x.t.TurnsBegun[x.me]
	if x.t.Active == x.me && x.t.Step != StepPresent {
		turns++ // this turn's receiving is still going on
	}
	return float64(RepValuePerTurn * turns)
}

func (x *expertView) move(legal []rules.Action) Move {
	t := x.t
	first, _ := legal[0].(Move)
	switch t.Step {
	case StepSettle:
		m := first
		p := t.Ledger[m.Promise]
		m.Pay = x.purses[x.me] >= p.Amount && float64(p.Amount)*(1+x.weight[p.Beneficiary]) < x.repWorth()
		return m
	case StepPresent:
		return x.present()
	case StepChooseConflict:
		return first
	case StepPlace:
		return x.place()
	case StepAdmit:
		return x.admit()
	case StepDecide:
		return x.decide()
	case StepNegotiate:
		n := t.Receive.Negotiation
		switch {
		case n.Countered:
			return x.answerCounter(n)
		case n.Open >= 0:
			return x.answerOffer(n)
		}
		return x.offer(n)
	}
	return first
}

// ---- as the owner ----

// askValue is what the speaker of record r gains if the owner gives it what it asked for.
func (x *expertView) askValue(r OfferRecord) float64 {
	t := x.t
	o := t.Active
	free := t.freePosts(o)
	switch r.Stage {
	case StageFree:
		if r.Post < 0 || len(free) == 0 {
			return 0
		}
		return x.earn(r.Speaker, PostValue[r.Post]-PostValue[free[0]])
	case StageExternal:
		if post := t.employedPost(o, r.Type); post >= 0 {
			return 0.5 * x.earn(r.Speaker, PostValue[post])
		}
		v := PostValue[free[0]]
		if r.Post >= 0 {
			v = PostValue[r.Post]
		}
		return x.earn(r.Speaker, v)
	}
	return x.earn(r.Speaker, PostValue[t.Receive.Negotiation.Post])
}

func (x *expertView) answerOffer(n *Negotiation) Move {
	r := x.t.Offers[n.Open]
	value := x.askValue(r)
	if price := x.counterPrice(r, value); price > r.Bribe {
		m := simple(Counter)
		m.Price = price
		return m
	}
	promised := 0.0
	for _, p := range r.Promises {
		promised += x.promiseValue(r.Speaker, p)
	}
	if r.Bribe > 0 || promised >= 1000 {
		return simple(Accept)
	}
	return simple(Refuse)
}

// promiseValue is what a promise from seat is worth to the expert, discounted by seat's record.
func (x *expertView) promiseValue(seat rules.Seat, p Terms) float64 {
	v := 0.0
	switch p.Kind {
	case PromisePayment:
		v = float64(p.Amount)
	case PromisePost:
		v = 0.5 * x.earn(x.me, PostValue[p.Post]-PostValue[0])
	case PromiseSpare:
		v = 1000
	}
	return v * x.trust(seat) * x.trust(seat)
}

// counterPrice asks a quarter of what the speaker's request is worth to it, within its purse and, for a
// seat that has declined a counter-price before, no more than it ever took; 0 means no counter.
func (x *expertView) counterPrice(r OfferRecord, value float64) int {
	price := roundDown(value / 4)
	price = min(price, x.purses[r.Speaker])
	// A seat that declined a counter-price before is asked no more than the most it ever took, and only if
	// the chance it takes it (its record, smoothed) makes the counter better than the bribe in hand.
	declined, taken, took := 0, 0, 0
	for _, old := range x.t.Offers {
		switch {
		case old.Speaker == r.Speaker && old.Result == ResultDeclined:
			declined++
		case old.Speaker == r.Speaker && old.Result == ResultTaken:
			taken++
			took = max(took, old.Counter)
		}
	}
	if declined > 0 {
		price = min(price, took)
	}
	if p := float64(taken+1) / float64(taken+declined+2); p*float64(price) < float64(r.Bribe+Unit) {
		return 0
	}
	// Snap to the listed counter-prices.
	best := 0
	for _, listed := range CounterPrices {
		if listed > r.Bribe && listed <= price {
			best = listed
		}
	}
	return best
}

func roundDown(v float64) int {
	if v <= 0 {
		return 0
	}
	return int(v) / Unit * Unit
}

// dealsNow are the pending deals of the current negotiation and the expert's promises concerning it.
func (x *expertView) dealsNow() []Promise {
	var out []Promise
	serial := x.t.Receive.Negotiation.Serial
	for _, p := range x.t.Ledger {
		if p.Status == Pending && p.Kind == PromiseDeal && p.Negotiation == serial {
			out = append(out, p)
		}
	}
	return out
}

// promisedNow is what the promises seat made in this negotiation's accepted offers are worth to the expert,
// discounted by seat's record: a seat that keeps its word is worth favouring.
func (x *expertView) promisedNow(seat rules.Seat) float64 {
	v := 0.0
	serial := x.t.Receive.Negotiation.Serial
	for _, r := range x.t.Offers {
		if r.Negotiation == serial && r.Speaker == seat && (r.Result == ResultAccepted || r.Result == ResultTaken) {
			for _, p := range r.Promises {
				v += x.promiseValue(seat, p)
			}
		}
	}
	return v
}

// honour says whether keeping a promise that costs giving seat value v is worth it.
func (x *expertView) honour(seat rules.Seat, v float64) bool {
	return v*x.weight[seat] <= x.repWorth()/2
}

func (x *expertView) place() Move {
	t := x.t
	o := t.Active
	free := t.freePosts(o)
	// Deals worth keeping first.
	for _, d := range x.dealsNow() {
		a := t.Advisors[d.Advisor]
		if a.Where == Waiting && t.Palaces[o][d.Post] < 0 &&
			x.honour(d.Beneficiary, x.earn(d.Beneficiary, PostValue[d.Post]-PostValue[free[0]])) {
			return Move{Kind: Place, Advisor: d.Advisor, Post: d.Post, Palace: -1, Promise: -1}
		}
	}
	// Then my own "post" promises to the applicants' owners.
	for _, id := range t.Receive.Free {
		owner := t.Advisors[id].Owner
		for _, p := range t.Ledger {
			if p.Status != Pending || p.Kind != PromisePost || p.Promiser != x.me || p.Beneficiary != owner {
				continue
			}
			for _, post := range free {
				if post >= p.Post && x.honour(owner, x.earn(owner, PostValue[post]-PostValue[free[0]])) {
					return Move{Kind: Place, Advisor: id, Post: post, Palace: -1, Promise: -1}
				}
			}
		}
	}
	// Otherwise the richest opponent's applicant on the cheapest post.
	best := t.Receive.Free[0]
	for _, id := range t.Receive.Free {
		if x.weight[t.Advisors[id].Owner] > x.weight[t.Advisors[best].Owner] {
			best = id
		}
	}
	return Move{Kind: Place, Advisor: best, Post: free[0], Palace: -1, Promise: -1}
}

func (x *expertView) admit() Move {
	t := x.t
	o := t.Active
	n := t.Receive.Negotiation
	employed := t.employedPost(o, n.Type)
	free := t.freePosts(o)
	deals := x.dealsNow()
	bestScore, best := 0.0, Move{}
	for _, id := range t.Waiting[o] {
		a := t.Advisors[id]
		if a.Type != n.Type {
			continue
		}
		post, v := -1, 0.0
		if employed >= 0 {
			v = 0.5 * x.earn(a.Owner, PostValue[employed])
		} else {
			post = free[0]
			v = x.earn(a.Owner, PostValue[post])
		}
		score := -v*x.weight[a.Owner] + x.promisedNow(a.Owner)
		for _, d := range deals {
			if d.Beneficiary != a.Owner {
				continue
			}
			dealPost := post
			if d.Post >= 0 && employed < 0 && x.honour(a.Owner, x.earn(a.Owner, PostValue[d.Post]-PostValue[post])) {
				dealPost = d.Post
				score -= x.earn(a.Owner, PostValue[d.Post]-PostValue[post]) * x.weight[a.Owner]
			}
			post = dealPost
			score += x.repWorth() / 2
		}
		if best.Kind == "" || score > bestScore {
			bestScore, best = score, Move{Kind: Admit, Advisor: id, Post: post, Palace: -1, Promise: -1}
		}
	}
	return best
}

func (x *expertView) decide() Move {
	t := x.t
	n := t.Receive.Negotiation
	c := t.Advisors[t.Receive.Challenger[n.Post]]
	e := t.Advisors[t.Palaces[t.Active][n.Post]]
	v := PostValue[n.Post]
	replace := x.earn(e.Owner, v)*x.weight[e.Owner] - x.earn(c.Owner, v)*x.weight[c.Owner] +
		x.promisedNow(c.Owner) - x.promisedNow(e.Owner)
	for _, d := range x.dealsNow() {
		if d.Favour == FavourReplace {
			replace += x.repWorth() / 2
		} else {
			replace -= x.repWorth() / 2
		}
	}
	for _, p := range t.Ledger {
		if p.Status == Pending && p.Kind == PromiseSpare && p.Promiser == x.me && p.Beneficiary == e.Owner {
			replace -= x.repWorth() / 2
		}
	}
	m := simple(Decide)
	m.Replace = replace > 0
	return m
}

// ---- as a speaker ----

// stake is what winning this negotiation is worth to the expert, and the post it asks for.
func (x *expertView) stake(n *Negotiation) (float64, int) {
	t := x.t
	o := t.Active
	free := t.freePosts(o)
	sp := n.Speakers[n.Turn]
	switch n.Stage {
	case StageFree:
		best := free[len(free)-1]
		return x.earn(x.me, PostValue[best]-PostValue[free[0]]), best
	case StageExternal:
		if post := t.employedPost(o, n.Type); post >= 0 {
			return 0.5 * x.earn(x.me, PostValue[post]), -1
		}
		best := free[len(free)-1]
		return x.earn(x.me, PostValue[best]), best
	}
	v := x.earn(x.me, PostValue[n.Post])
	if sp.Favour == "" {
		return 0, -1
	}
	// Winning also costs (or spares) the other side the post.
	other := t.Advisors[t.Palaces[o][n.Post]].Owner
	if sp.Favour == FavourKeep {
		other = t.Advisors[t.Receive.Challenger[n.Post]].Owner
	}
	return v + x.earn(other, PostValue[n.Post])*x.weight[other], -1
}

// followsMoney is the chance that owner gives the best payer what it paid for: over the owner's past
// negotiations of this kind (stage I per post asked, conflicts per negotiation), how often the deal of the
// one seat that paid most was kept, smoothed.
func (x *expertView) followsMoney(owner rules.Seat, stage Stage) float64 {
	type contest struct{ serial, post int }
	type top struct {
		seat rules.Seat
		paid int
		tied bool
	}
	var order []contest
	tops := map[contest]*top{}
	for _, r := range x.t.Offers {
		if r.Owner != owner || (r.Stage == StageFree) != (stage == StageFree) || r.Paid() == 0 {
			continue
		}
		c := contest{r.Negotiation, -1}
		if r.Stage == StageFree {
			c.post = r.Post
		}
		tp, ok := tops[c]
		switch {
		case !ok:
			order = append(order, c)
			tops[c] = &top{seat: r.Speaker, paid: r.Paid()}
		case r.Paid() > tp.paid:
			*tp = top{seat: r.Speaker, paid: r.Paid()}
		case r.Paid() == tp.paid && r.Speaker != tp.seat:
			tp.tied = true
		}
	}
	hits, trials := 0, 0
	for _, c := range order {
		tp := tops[c]
		if tp.tied {
			continue
		}
		for _, p := range x.t.Ledger {
			if p.Kind == PromiseDeal && p.Negotiation == c.serial && p.Beneficiary == tp.seat && p.Status != Pending &&
				(c.post < 0 || p.Post == c.post) {
				trials++
				if p.Status == Kept {
					hits++
				}
				break
			}
		}
	}
	return float64(hits+1) / float64(trials+2)
}

// ownerFloor is the least bribe owner is expected to accept for a say about a post of value v, read
// from how it answered before: above every bribe it countered or refused for a post asked, in proportion
// to that post's value. 1,000 for an owner with no such answer yet.
func (x *expertView) ownerFloor(owner rules.Seat, v int) int {
	ratio := 0.0
	for _, r := range x.t.Offers {
		if r.Owner != owner || r.Bribe == 0 || (r.Result != ResultRefused && r.Counter == 0) {
			continue
		}
		if r.Post >= 0 {
			ratio = max(ratio, float64(r.Bribe)/float64(PostValue[r.Post]))
		}
	}
	return roundDown(ratio*float64(v)) + Unit
}

// mostBid is the most seat has ever paid in a negotiation of this stage (1,000 if it never paid).
func (x *expertView) mostBid(seat rules.Seat, stage Stage) int {
	most := Unit
	for _, r := range x.t.Offers {
		if r.Speaker == seat && r.Stage == stage {
			most = max(most, r.Paid())
		}
	}
	return most
}

// typicalBid is what seat has paid on average in past negotiations of this stage, when it paid (1,000 if
// it never did).
func (x *expertView) typicalBid(seat rules.Seat, stage Stage) int {
	sum, count := 0, 0
	for _, r := range x.t.Offers {
		if r.Speaker == seat && r.Stage == stage && r.Paid() > 0 {
			sum += r.Paid()
			count++
		}
	}
	bid := Unit
	if count > 0 {
		bid = sum / count / Unit * Unit
	}
	return min(bid, x.purses[seat])
}

// freeAsk chooses the post to ask for in stage I and the bribe: for each post dearer than the cheapest
// free one, the gain if given (times the owner's habit of giving the best payer its post) against the bribe
// needed to be that best payer — beating what earlier speakers paid for it and, for the dearest post, which
// later speakers usually ask for, what they usually pay. No bidding war against a later speaker who paid
// more than the post is worth. Returns -1 to pass.
func (x *expertView) freeAsk(n *Negotiation) (ask, bid int) {
	t := x.t
	owner := t.Active
	free := t.freePosts(owner)
	cost := 1 + x.weight[owner]
	follows := x.followsMoney(owner, StageFree)
	ask, bestNet := -1, 0.0
	for _, p := range free[1:] {
		gain := x.earn(x.me, PostValue[p]-PostValue[free[0]]) * follows
		needed, mine := Unit, false
		for _, r := range t.Offers {
			if r.Negotiation == n.Serial && r.Post == p && r.Paid() > 0 {
				needed = max(needed, r.Paid()+Unit)
				mine = mine || r.Speaker == x.me
			}
		}
		war := false
		if p == free[len(free)-1] {
			for _, later := range n.Speakers[n.Turn+1:] {
				if later.Seat != x.me {
					needed = max(needed, x.typicalBid(later.Seat, StageFree)+Unit)
					war = war || float64(x.mostBid(later.Seat, StageFree))*cost*1.5 >= gain
				}
			}
		}
		needed = snapBid(max(needed, x.ownerFloor(owner, PostValue[p])), x.purses[x.me])
		if x.purses[x.me] == 0 {
			needed = BankBribe
		}
		net := gain - float64(needed)*cost
		if mine || war || gain < float64(needed)*cost*1.5 || needed > max(x.purses[x.me], BankBribe) {
			continue
		}
		if net > bestNet {
			ask, bid, bestNet = p, needed, net
		}
	}
	return ask, bid
}

func (x *expertView) offer(n *Negotiation) Move {
	t := x.t
	sp := n.Speakers[n.Turn]
	if n.Stage == StageFree {
		ask, bid := x.freeAsk(n)
		if ask < 0 {
			return simple(Pass)
		}
		return x.withPromise(Move{Kind: Offer, Post: ask, Bribe: bid, Advisor: -1, Palace: -1, Promise: -1})
	}
	value, ask := x.stake(n)
	if value <= 0 {
		return simple(Pass)
	}
	owner := t.Active
	cost := 1 + x.weight[owner]
	// What it takes to be the best payer: beat what earlier speakers paid for the same thing, and what the
	// later ones usually pay.
	needed := Unit
	for _, r := range t.Offers {
		if r.Negotiation == n.Serial && r.Speaker != x.me && (n.Stage != StageFree || r.Post == ask) {
			needed = max(needed, r.Paid()+Unit)
		}
	}
	war := false
	gain := value * x.followsMoney(owner, n.Stage)
	for _, later := range n.Speakers[n.Turn+1:] {
		if later.Seat != x.me {
			needed = max(needed, x.typicalBid(later.Seat, n.Stage)+Unit)
			// Every accepted bribe is paid, won or lost: no bidding war against a later speaker who has
			// paid more than this is worth.
			war = war || float64(x.mostBid(later.Seat, n.Stage))*cost*1.5 >= gain
		}
	}
	if ask >= 0 {
		needed = max(needed, x.ownerFloor(owner, PostValue[ask]))
	}
	bid := snapBid(needed, x.purses[x.me])
	if war || gain < float64(bid)*cost*1.5 {
		// Not worth an auction: a token bribe still makes a deal with an owner who keeps deals.
		bid = Unit
		if value*x.delivery(owner, n.Stage, ask) < float64(bid)*cost*1.5 {
			return simple(Pass)
		}
	}
	if x.purses[x.me] == 0 {
		bid = BankBribe
	} else if bid > x.purses[x.me] {
		return simple(Pass)
	}
	m := simple(Offer)
	m.Post, m.Bribe = ask, bid
	if n.Stage == StageInternal {
		m.Favour = sp.Favour
	}
	return x.withPromise(m)
}

// withPromise adds a cheap promise to a small offer: a decent post for the owner's next applicant in my
// palace.
func (x *expertView) withPromise(m Move) Move {
	if x.t.CanComeDue(x.me, PromiseMenu[0]) == nil && m.Bribe <= BribeLadder[1] {
		m.Promises = []Terms{PromiseMenu[0]}
	}
	return m
}

// snapBid is the least bribe on the ladder of legal bribes at or above bid within purse (else the largest
// within purse).
func snapBid(bid, purse int) int {
	best := 0
	for _, b := range BribeLadder {
		if b > purse {
			break
		}
		best = b
		if b >= bid {
			break
		}
	}
	return best
}

func (x *expertView) answerCounter(n *Negotiation) Move {
	r := x.t.Offers[n.Open]
	value, _ := x.stake(n)
	if free := x.t.freePosts(x.t.Active); n.Stage == StageFree && r.Post >= 0 {
		value = x.earn(x.me, PostValue[r.Post]-PostValue[free[0]])
	}
	if r.Counter <= x.obs.Purse && float64(r.Counter)*(1+x.weight[x.t.Active])*1.5 <= value*x.delivery(x.t.Active, n.Stage, r.Post) {
		return simple(TakeCounter)
	}
	return simple(DeclineCounter)
}

// present sends an advisor where it is expected to earn most (at random among those within 1,000 of the
// best).
func (x *expertView) present() Move {
	t := x.t
	var moves []Move
	var values []float64
	best := -1e18
	for typ := AdvisorType(0); typ < Types; typ++ {
		if t.unplaced(x.me, typ) < 0 {
			continue
		}
		for d := 1; d < t.Players; d++ {
			palace := (x.me + rules.Seat(d)) % rules.Seat(t.Players)
			v := x.presentValue(typ, palace)
			moves = append(moves, Move{Kind: Present, Type: typ, Palace: palace, Post: -1, Advisor: -1, Promise: -1})
			values = append(values, v)
			best = max(best, v)
		}
	}
	var near []Move
	for i, v := range values {
		if v >= best-1000 {
			near = append(near, moves[i])
		}
	}
	return near[x.rng.Intn(len(near))]
}

func (x *expertView) presentValue(typ AdvisorType, palace rules.Seat) float64 {
	t := x.t
	rem := t.RemainingCollections(x.me)
	trust := x.delivery(palace, StageFree, -1)
	if post := t.employedPost(palace, typ); post >= 0 {
		e := t.Advisors[t.Palaces[palace][post]].Owner
		if e == x.me {
			return -1e9
		}
		// The later speaker sees the earlier one's bribe: against a defender who speaks after me and has
		// paid big bribes in internal conflicts before, attacking is mostly a gift to the owner.
		win := 0.35
		if t.clockwise(palace, e) > t.clockwise(palace, x.me) && x.mostBid(e, StageInternal) > 2*Unit {
			win = 0.1
		}
		if t.typeWaiting(palace, typ) {
			win /= 2
		}
		return win*(float64(PostValue[post]*rem)+x.earn(e, PostValue[post])*x.weight[e]) - 1500
	}
	rivals := 0
	for _, id := range t.Waiting[palace] {
		if t.Advisors[id].Type == typ {
			if t.Advisors[id].Owner == x.me {
				return -1e9
			}
			rivals++
		}
	}
	free := t.freePosts(palace)
	waiting := len(t.Waiting[palace])
	// The post I may hope for: the best free one if the owner keeps deals, else the cheapest left once the
	// applicants already waiting have been placed.
	cheap := PostValue[free[min(waiting, len(free)-1)]]
	dear := PostValue[free[len(free)-1]]
	expected := trust*float64(dear) + (1-trust)*float64(cheap)
	return expected*float64(rem)/float64(rivals+1) - 1000*float64(rivals+1)
}
