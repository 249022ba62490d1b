package machiavelli

// The mirrored position: the ranks read the same backwards.
//
// The mirror maps rank r to 15−r — 2 ↔ K, 3 ↔ Q, … 7 ↔ 8 — and keeps the ace: without
// wrap A 2 3 becomes Q K A, and with wrap K A 2 becomes itself read backwards. Suits,
// copies and jokers stay. A run stays a run and a set a set, with or without wrap; the
// joker rule and the cap do not change. So a play of the mirrored position mapped back is
// a play of the position, and the best of one is the best of the other, once each card is
// worth what its mirror is (Options.mirrored).
//
// The table searches sweep the ranks one way; on the mirrored position they meet the
// layouts in the other order. Where the searches that keep the joker rule run out of
// budget sweeping one way they often finish at once the other way — the two directions
// fail on different positions — so Solve tries the mirror when the position's own sweep
// leaves the play unproven.

// mirrorCard is the card's mirror (a joker is its own).
func mirrorCard(c Card) Card {
	if c.IsJoker() || c.Rank() == 1 {
		return c
	}
	return NewCard(15-c.Rank(), c.Suit(), c.Copy())
}

// mirrorCards is the cards' mirrors, in the same order.
func mirrorCards(cs []Card) []Card {
	if cs == nil {
		return nil
	}
	out := make([]Card, len(cs))
	for i, c := range cs {
		out[i] = mirrorCard(c)
	}
	return out
}

// mirrorPosition is the position with every card mirrored (melds as they stood, their
// cards mirrored in place).
func mirrorPosition(p Position) Position {
	q := p
	q.Table = make([][]Card, len(p.Table))
	for i, m := range p.Table {
		q.Table[i] = mirrorCards(m)
	}
	q.Hand, q.Free = mirrorCards(p.Hand), mirrorCards(p.Free)
	return q
}

// solveBothWays is solveWithin; when that leaves the play unproven and the caller's Stop
// (if any) is still open, it solves the mirrored position too, within the same limit,
// looking only for a better play: the better play stands — proven best when the mirrored
// search proves that nothing beats it.
func solveBothWays(p Position, opt Options, limit int, polish bool) Solution {
	sol := solveWithin(p, opt, limit, polish, -1)
	if sol.Exact || closed(p.Stop) {
		return sol
	}
	m := solveMirrored(p, opt, limit, polish, sol.value())
	m.Nodes += sol.Nodes
	if m.value() > sol.value() {
		return m
	}
	sol.Nodes, sol.Exact = m.Nodes, m.Exact
	return sol
}

// solveMirrored solves the mirrored position, looking only for plays worth more than
// above (solveWithin), and maps such a play back, laid out (with polish, moving few cards
// and with its steps) as a play of p; none if it found none. Exact says that no play
// beats it or above.
func solveMirrored(p Position, opt Options, limit int, polish bool, above int32) Solution {
	mo := opt
	mo.mirrored = !opt.mirrored
	m := solveWithin(mirrorPosition(p), mo, limit, false, above)
	if !m.Found() || m.value() <= above {
		return Solution{Nodes: m.Nodes, Exact: m.Exact}
	}
	table := make([][]Card, len(m.Table))
	for i, meld := range m.Table {
		table[i] = mirrorCards(meld)
	}
	sol, ok := finishLayout(p, opt, table, mirrorCards(m.HandCards), mirrorCards(m.FreeCards), polish)
	if !ok { // (a mirrored play is a play: not expected)
		return Solution{Nodes: m.Nodes}
	}
	sol.Nodes, sol.Exact = m.Nodes, m.Exact
	return sol
}
