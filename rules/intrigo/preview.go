package intrigo

import "principe/rules"

// Helpers for screens that preview a choice: they read the public table only.

// Income is what seat collects at each collection from the posts its advisors hold now.
func (t *Table) Income(seat rules.Seat) int {
	sum := 0
	for _, a := range t.Advisors {
		if a.Owner == seat && a.Where == Placed {
			sum += PostValue[a.Post]
		}
	}
	return sum
}

// EmployedPost is the post of palace holding an advisor of typ, or -1 (golden rule 2 allows
// one of each type per palace).
func (t *Table) EmployedPost(palace rules.Seat, typ AdvisorType) int {
	return t.employedPost(palace, typ)
}

// FreePosts lists the free posts of palace, cheapest first.
func (t *Table) FreePosts(palace rules.Seat) []int { return t.freePosts(palace) }
